// Ice aura (sustained): faceted ice crystals circle on a tilted ring (those in front larger and
// brighter, drawn last), over a cold mist and a frost ring on the ground, with snowflake glints
// drifting down. The ring turns once per loop and each flake lives once per loop, so it loops.
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge } from '../particles.ts';
import { polygon, ring, spot, stroke } from '../layerShapes.ts';
import type { Layer } from '../layer.ts';
import { WHITE, rampPaint, rampTable } from './common.ts';
import { glint } from './shapes.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.62;
const RX = 0.31;
const RY = 0.1;

/** A crystal standing at (x, y) (its foot), `h` tall, tilted by `tilt`: two lit facets and a ridge. */
function crystal(layer: Layer, lut: Float32Array, x: number, y: number, h: number, tilt: number, a: number): void {
  const w = h * 0.28;
  const c = Math.cos(tilt), s = Math.sin(tilt);
  // Local (u across, v up from the foot) to layer pixels.
  const P = (u: number, v: number): [number, number] => [x + u * c + v * s, y + u * s - v * c];
  const apex = P(0, h), foot = P(0, -h * 0.12);
  const l1 = P(-w, h * 0.62), l2 = P(-w * 0.8, h * 0.08);
  const r1 = P(w, h * 0.62), r2 = P(w * 0.8, h * 0.08);
  spot(layer, x + s * h * 0.5, y - c * h * 0.5, h * 0.75, rampPaint(lut, 0.55, 0.28 * a), 'add');
  polygon(layer, [...apex, ...l1, ...l2, ...foot], rampPaint(lut, 0.12, 0.9 * a), 'over');
  polygon(layer, [...apex, ...foot, ...r2, ...r1], rampPaint(lut, 0.45, 0.9 * a), 'over');
  // A darker lower band on the right facet, and the bright ridge and left edge.
  polygon(layer, [...P(w * 0.8, h * 0.08), ...P(w * 0.9, h * 0.35), ...P(0, h * 0.3), ...foot], rampPaint(lut, 0.7, 0.5 * a), 'over');
  const edge = Math.max(0.7, h * 0.025);
  stroke(layer, apex[0], apex[1], foot[0], foot[1], edge, edge, { ...WHITE, a: 0.8 * a }, 'add');
  stroke(layer, apex[0], apex[1], l1[0], l1[1], edge, edge, { ...WHITE, a: 0.6 * a }, 'add');
}

export const ice: EffectFamily = {
  name: 'ice',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const rng = createRandom(seed, 'ice-crystals');
    const crystals = Array.from({ length: 7 }, () => ({ size: rng.range(0.14, 0.22), tilt: rng.range(-0.25, 0.25) }));
    const flakes = emit(createRandom(seed, 'ice-flakes'), {
      count: 22, x: CX, y: 0.3, spreadX: 0.38, spreadY: 0.25, angle: Math.PI / 2, cone: 0.4, speed: [0.05, 0.15], life: [0.35, 0.8], size: [0.02, 0.045],
    });
    return (layer, t) => {
      const S = layer.width;
      spot(layer, CX * S, (CY - 0.12) * S, S * 0.42, rampPaint(lut, 0.6, 0.22), 'add');
      ring(layer, CX * S, CY * S, RX * S * 1.08, RY * S * 1.08, S * 0.03, rampPaint(lut, 0.4, 0.5), 'add');
      ring(layer, CX * S, CY * S, RX * S * 1.08, RY * S * 1.08, Math.max(1, S * 0.004), { ...WHITE, a: 0.6 }, 'add');
      // Back to front: sin(angle) > 0 is the near side of the ring (lower on screen).
      const placed = crystals.map((c, i) => {
        const ang = ((i / crystals.length) + t) * Math.PI * 2;
        return { c, ang, depth: Math.sin(ang) };
      }).sort((a, b) => a.depth - b.depth);
      for (const { c, ang, depth } of placed) {
        const near = 0.5 + 0.5 * depth;
        const x = (CX + Math.cos(ang) * RX) * S;
        const y = (CY + Math.sin(ang) * RY) * S;
        crystal(layer, lut, x, y, c.size * S * (0.75 + 0.35 * near), c.tilt + Math.cos(ang) * 0.2, 0.55 + 0.45 * near);
      }
      for (const p of flakes) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        const f = lifeFade(age, 0.3, 0.4);
        const x = p.x + 0.03 * Math.sin(age * 6 + p.u * 6.28);
        const y = p.y + p.vy * age;
        glint(layer, lut, x * S, y * S, p.size * S * f, f, age * 1.5);
      }
    };
  },
};
