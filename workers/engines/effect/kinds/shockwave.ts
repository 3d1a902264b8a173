// Shockwave (one-shot): a pressure front races outward from a flash, decelerating. The front is a
// bright, sharp leading edge with a soft wake behind it, uneven around its circumference (noise
// by angle); a second, fainter front follows, and grit is thrown outward. Thinner and fainter as
// it spreads, gone by the end.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { spot, stroke } from '../layerShapes.ts';
import type { Layer } from '../layer.ts';
import type { Noise } from '../noise.ts';
import { RAMP_STEPS, WHITE, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.5;

/** Buckets of the angle table: unevenness is looked up, not computed, per pixel. */
const ANGLES = 512;

/**
 * A cheap monotonic stand-in for the angle of (x, y), in [0, 4) around the circle (the "diamond
 * angle"): no atan2 per pixel, and continuous, which is all the noise lookup needs.
 */
function diamond(x: number, y: number): number {
  if (y >= 0) return x >= 0 ? y / (x + y || 1) : 1 - x / (-x + y);
  return x < 0 ? 2 - y / (-x - y) : 3 + x / (x - y);
}

/**
 * A front at radius R (px): a bright edge with a bloom outside it (G px) and a wake behind it
 * (W px) that fades fast, opacity a, uneven around the circle (periodic noise by angle).
 */
function front(layer: Layer, lut: Float32Array, noise: Noise, R: number, W: number, G: number, a: number, phase: number): void {
  const S = layer.width;
  const d = layer.data;
  const cx = CX * S, cy = CY * S;
  const uneven = new Float32Array(ANGLES);
  for (let k = 0; k < ANGLES; k++) uneven[k] = (0.45 + 0.8 * (0.5 + 0.9 * noise.noise1((k / ANGLES) * 12 + phase, 12))) * a;
  const outer = R + G, inner = Math.max(0, R - W);
  const y0 = Math.max(0, Math.floor(cy - outer)), y1 = Math.min(S - 1, Math.ceil(cy + outer));
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    const span = outer * outer - dy * dy;
    if (span <= 0) continue;
    const xo = Math.sqrt(span);
    const hole = inner * inner - dy * dy;
    const xi = hole > 0 ? Math.sqrt(hole) : -1;
    const jump = Math.floor(cx + xi) - 1;
    for (let x = Math.max(0, Math.floor(cx - xo)); x <= Math.min(S - 1, Math.ceil(cx + xo)); x++) {
      const dx = x + 0.5 - cx;
      if (xi > 0 && Math.abs(dx) < xi) {
        x = Math.max(x, jump);
        continue;
      }
      const rho = Math.sqrt(dx * dx + dy * dy);
      let alpha: number, pos: number;
      if (rho > R) {
        const k = 1 - (rho - R) / G; // the bloom just outside the edge
        if (k <= 0) continue;
        alpha = 0.85 * k * k;
        pos = 0.45;
      } else {
        const e = (R - rho) / W; // 0 on the edge, 1 at the end of the wake
        if (e >= 1) continue;
        const f = 1 - e;
        alpha = e < 0.08 ? 1 : 0.6 * f * f * f * f;
        pos = 0.12 + 0.55 * e;
      }
      alpha *= uneven[((diamond(dx, dy) * (ANGLES / 4)) | 0) & (ANGLES - 1)] as number;
      if (alpha <= 0.003) continue;
      const i = ((pos > 1 ? 1 : pos) * (RAMP_STEPS - 1) + 0.5 | 0) * 3;
      const o = (y * S + x) * 4;
      d[o] = (d[o] as number) + (lut[i] as number) * alpha;
      d[o + 1] = (d[o + 1] as number) + (lut[i + 1] as number) * alpha;
      d[o + 2] = (d[o + 2] as number) + (lut[i + 2] as number) * alpha;
      d[o + 3] = (d[o + 3] as number) + alpha;
    }
  }
}

export const shockwave: EffectFamily = {
  name: 'shockwave',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'shockwave');
    const grit = emit(createRandom(seed, 'shockwave-grit'), {
      count: 30, x: CX, y: CY, spreadX: 0.05, spreadY: 0.05, speed: [0.6, 1.1], life: [0.5, 0.8], size: [0.003, 0.007], start: [0.02, 0.1],
    });
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };
    return (layer, t) => {
      const S = layer.width;
      const flash = 1 - smoothstep(0, 0.3, t);
      spot(layer, CX * S, CY * S, S * (0.1 + 0.15 * (1 - flash)), rampPaint(lut, 0.3, 0.8 * flash + 0.06 * (1 - t)), 'add');
      spot(layer, CX * S, CY * S, S * 0.05, { ...WHITE, a: 0.9 * flash }, 'add');
      const go = easeOutCubic(t * 1.1);
      const R = S * (0.05 + 0.42 * go);
      const fade = 1 - smoothstep(0.3, 1, t) * 0.9;
      front(layer, lut, noise, R, S * (0.03 + 0.07 * go), S * 0.03, 0.95 * fade, t * 3);
      const t2 = clamp01((t - 0.12) / 0.88);
      if (t2 > 0) {
        const R2 = S * (0.04 + 0.34 * easeOutCubic(t2 * 1.1));
        front(layer, lut, noise, R2, S * (0.02 + 0.05 * t2), S * 0.015, 0.5 * fade, 5 + t * 3);
      }
      for (const p of grit) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        travel(p, age * p.life, 0, 3, pos);
        travel(p, Math.max(0, age * p.life - 0.03), 0, 3, prev);
        const f = lifeFade(age, 0.05, 0.5);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, p.size * S * 0.3, p.size * S, rampPaint(lut, 0.3, 0.8 * f), 'add', 'solid');
      }
    };
  },
};
