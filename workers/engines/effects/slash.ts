// Slash (one-shot): a blade's crescent sweeps round in a fraction of the clip, its head thick and
// white-hot on the outer edge, its tail thinning; a fainter echo arc follows inside it; sparks fly
// off the head as the swing ends; then the crescent thins and fades from the tail.
import { createRandom } from '../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../../kernels/particles.ts';
import { stroke } from '../../kernels/layerShapes.ts';
import type { Layer } from '../../kernels/layer.ts';
import { RAMP_STEPS, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.54;
const START = -0.9; // radians, screen angles (clockwise): upper right
const SWEEP = 3.6; // to lower left

/** One crescent: outer radius `r`, peak thickness `w` (cell fractions), from angle `tail` to `head`. */
function crescent(layer: Layer, lut: Float32Array, r: number, w: number, tail: number, head: number, a: number): void {
  if (!(head > tail) || !(a > 0.005) || !(w > 0)) return;
  const S = layer.width;
  const d = layer.data;
  const R = r * S, W = w * S;
  const G = Math.max(2, W * 0.35); // the bloom outside the edge
  const x0 = Math.max(0, Math.floor((CX - r) * S - G - 2)), x1 = Math.min(S, Math.ceil((CX + r) * S + G + 2));
  const y0 = Math.max(0, Math.floor((CY - r) * S - G - 2)), y1 = Math.min(S, Math.ceil((CY + r) * S + G + 2));
  const span = head - tail;
  for (let y = y0; y < y1; y++) {
    const dy = y + 0.5 - CY * S;
    for (let x = x0; x < x1; x++) {
      const dx = x + 0.5 - CX * S;
      const rho = Math.sqrt(dx * dx + dy * dy);
      if (rho > R + G || rho < R - W - 1) continue;
      // Angle from the swing's start, in [0, 2π).
      let th = Math.atan2(dy, dx) - START;
      th -= Math.floor(th / (Math.PI * 2)) * Math.PI * 2;
      const s = (th - (tail - START)) / span; // 0 at the tail, 1 at the head
      if (s <= 0 || s >= 1) continue;
      // Thickest near the head, tapering to a point there and to a long thin tail.
      const thick = (W * s ** 1.8 * (1 - s) ** 0.3) / 0.423;
      if (thick < 0.3) continue;
      const e = (R - rho) / thick; // 0 on the outer edge, 1 on the inner
      if (e > 1) continue;
      let alpha: number, pos: number;
      if (rho > R) {
        const k = 1 - (rho - R) / (G * (thick / W)); // coloured bloom outside the white edge
        if (k <= 0) continue;
        alpha = 0.9 * k * k * a;
        pos = 0.5;
      } else {
        const inner = (1 - e) ** 1.4; // the swept side fades off softly, like motion blur
        alpha = clamp01(R - rho + 0.5) * inner * a;
        pos = e * 0.75 + (1 - s) * 0.3;
      }
      if (alpha <= 0.003) continue;
      const i = Math.round(clamp01(pos) * (RAMP_STEPS - 1)) * 3;
      const o = (y * S + x) * 4;
      d[o] = (d[o] as number) + (lut[i] as number) * alpha;
      d[o + 1] = (d[o + 1] as number) + (lut[i + 1] as number) * alpha;
      d[o + 2] = (d[o + 2] as number) + (lut[i + 2] as number) * alpha;
      d[o + 3] = (d[o + 3] as number) + alpha;
    }
  }
}

export const slash: EffectFamily = {
  name: 'slash',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const endX = CX + Math.cos(START + SWEEP) * 0.36, endY = CY + Math.sin(START + SWEEP) * 0.36;
    const tangent = START + SWEEP + Math.PI / 2;
    const sparks = emit(createRandom(seed, 'slash-sparks'), {
      count: 18, x: endX, y: endY, spreadX: 0.03, spreadY: 0.03, angle: tangent, cone: 0.7,
      speed: [0.6, 1.4], life: [0.25, 0.5], size: [0.003, 0.007], start: [0.3, 0.45],
    });
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };
    return (layer, t) => {
      const S = layer.width;
      // The head sweeps round by 0.45; the tail follows, never quite catching up; it all thins
      // and fades to a trace by the end.
      const head = START + SWEEP * easeOutCubic(t / 0.45);
      const tail = START + (SWEEP - 0.7) * smoothstep(0.15, 1, t) ** 1.6;
      const fade = 1 - smoothstep(0.5, 1, t) * 0.8;
      const thin = 1 - 0.6 * smoothstep(0.45, 1, t);
      crescent(layer, lut, 0.36, 0.12 * thin, tail, head, fade);
      crescent(layer, lut, 0.28, 0.045 * thin, tail + 0.5, head - 0.15, 0.5 * fade); // the echo
      for (const p of sparks) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        travel(p, age * p.life, 2, 3, pos);
        travel(p, Math.max(0, age * p.life - 0.02), 2, 3, prev);
        const f = lifeFade(age, 0.05, 0.5);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, p.size * S * 0.4, p.size * S, rampPaint(lut, 0.1, f), 'add', 'solid');
      }
    };
  },
};
