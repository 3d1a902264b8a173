// Impact (one-shot): the comic-book hit. A spiky star flashes out from the point of contact (a
// white core inside a coloured rim), speed lines shoot outward, a ring spreads and sparks scatter;
// the star swells to its peak near the middle of the clip, then shrinks away.
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { polygon, ring, spot, stroke } from '../layerShapes.ts';
import type { Layer, Paint } from '../layer.ts';
import { WHITE, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.52;

/** A star of spikes (angle, length as a fraction of `r`) around (x, y), as triangles and a disc. */
function star(layer: Layer, x: number, y: number, r: number, spikes: readonly { angle: number; len: number }[], p: Paint): void {
  const base = r * 0.42;
  const halfAngle = Math.PI / spikes.length;
  for (const s of spikes) {
    const tip = r * s.len;
    polygon(layer, [
      x + Math.cos(s.angle - halfAngle) * base, y + Math.sin(s.angle - halfAngle) * base,
      x + Math.cos(s.angle) * tip, y + Math.sin(s.angle) * tip,
      x + Math.cos(s.angle + halfAngle) * base, y + Math.sin(s.angle + halfAngle) * base,
      x, y,
    ], p, 'over');
  }
  spot(layer, x, y, base * 1.05, p, 'over', 'solid');
}

export const impact: EffectFamily = {
  name: 'impact',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const rng = createRandom(seed, 'impact-star');
    const spikes = Array.from({ length: 11 }, (_, i) => ({ angle: (i / 11) * Math.PI * 2 + rng.range(-0.15, 0.15), len: rng.range(0.7, 1) }));
    const lines = Array.from({ length: 14 }, (_, i) => ({ angle: (i / 14) * Math.PI * 2 + rng.range(-0.2, 0.2), speed: rng.range(0.8, 1.2) }));
    const sparks = emit(createRandom(seed, 'impact-sparks'), {
      count: 24, x: CX, y: CY, spreadX: 0.02, spreadY: 0.02, speed: [0.8, 1.7], life: [0.35, 0.6], size: [0.004, 0.008], start: [0.06, 0.2],
    });
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };
    return (layer, t) => {
      const S = layer.width;
      // The star: swells to its peak at t ≈ 0.35, then shrinks to a last glint at the end.
      const size = t < 0.4 ? easeOutCubic(t / 0.4) : 0.1 + 0.9 * (1 - smoothstep(0.4, 1, t));
      if (size > 0.01) {
        const r = S * 0.34 * size;
        spot(layer, CX * S, CY * S, r * 1.5, rampPaint(lut, 0.5, 0.35 * size), 'add');
        star(layer, CX * S, CY * S, r, spikes, rampPaint(lut, 0.55, 1));
        star(layer, CX * S, CY * S, r * 0.72, spikes, rampPaint(lut, 0.25, 1));
        star(layer, CX * S, CY * S, r * 0.42, spikes, { ...WHITE, a: 1 });
      }
      // Speed lines shooting outward.
      const k = clamp01((t - 0.04) / 0.9);
      if (k > 0 && k < 1) {
        const go = easeOutCubic(k);
        for (const l of lines) {
          const r0 = (0.16 + 0.3 * go * l.speed) * S;
          const r1 = r0 + 0.12 * (1 - k) * S;
          const c = Math.cos(l.angle), s = Math.sin(l.angle);
          stroke(layer, CX * S + c * r0, CY * S + s * r0, CX * S + c * r1, CY * S + s * r1, Math.max(0.7, S * 0.006 * (1 - k)), 0.5, rampPaint(lut, 0.2, 0.9 * (1 - k)), 'add', 'solid');
        }
        const rr = (0.12 + 0.34 * go) * S;
        ring(layer, CX * S, CY * S, rr, rr, Math.max(1, S * 0.012 * (1 - k)), rampPaint(lut, 0.35, 0.7 * (1 - k)), 'add');
      }
      for (const p of sparks) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        travel(p, age * p.life, 1.5, 2.5, pos);
        travel(p, Math.max(0, age * p.life - 0.025), 1.5, 2.5, prev);
        const f = lifeFade(age, 0.05, 0.5);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, p.size * S * 0.4, p.size * S, rampPaint(lut, 0.15 + 0.4 * age, f), 'add', 'solid');
      }
    };
  },
};
