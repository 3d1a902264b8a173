// Fire (sustained): a flame body (wide at the bed, narrowing upward) eroded by fractal noise that
// is stretched upright, warped sideways and scrolls up: where the noise is low the flame survives
// higher, so it splits into tongues that lick up and break off. Heat is shaded through the ramp
// (white core, yellow, orange, red rim). Embers drift above and a glow lights the ground. The noise
// scrolls and evolves by whole periods each loop, so the last frame leads into the first.
import { createNoise, sampleField } from '../../kernels/noise.ts';
import { createRandom } from '../../kernels/random.ts';
import { emit, lifeFade, loopAge, travel } from '../../kernels/particles.ts';
import { spot } from '../../kernels/layerShapes.ts';
import { RAMP_STEPS, clamp01, rampPaint, rampTable, scratch } from './common.ts';
import type { EffectFamily } from './types.ts';

/** The flame's foot and height, and its half-width at the foot, in cell fractions. */
const BASE = 0.88;
const HEIGHT = 0.74;
const HALF_WIDTH = 0.24;
/** Noise lattice cells per cell, across and up, and periods scrolled and evolved per loop. */
const FX = 7;
const FY = 3;
const SCROLL = 6;
const EVOLVE = 2;

export const fire: EffectFamily = {
  name: 'fire',
  oneShot: false,
  create({ seed, palette }) {
    const noise = createNoise(seed, 'fire');
    const warp = createNoise(seed, 'fire-warp');
    const lut = rampTable(palette.ramp);
    const embers = emit(createRandom(seed, 'fire-embers'), {
      count: 24, x: 0.5, y: BASE - 0.15, spreadX: 0.16, spreadY: 0.06, angle: -Math.PI / 2, cone: 0.3,
      speed: [0.25, 0.5], life: [0.45, 0.9], size: [0.006, 0.012],
    });
    const pool = new Map<string, Float32Array>();
    const pos = { x: 0, y: 0 };

    return (layer, t) => {
      const S = layer.width;
      const invS = 1 / S;
      const d = layer.data;
      spot(layer, S * 0.5, S * (BASE - 0.02), S * 0.42, rampPaint(lut, 0.5, 0.2), 'add');
      const x0 = Math.floor(S * (0.5 - HALF_WIDTH - 0.12)), x1 = Math.ceil(S * (0.5 + HALF_WIDTH + 0.12));
      const y0 = Math.max(0, Math.floor(S * (BASE - HEIGHT))), y1 = Math.min(S, Math.ceil(S * (BASE + 0.08)));
      const bw = x1 - x0, bh = y1 - y0;
      const erosion = scratch(pool, 'erosion', bw * bh);
      const step = Math.max(3, Math.round(S / 110));
      const octaves = S >= 384 ? 4 : 3; // the fourth is finer than a pixel in small cells
      sampleField(erosion, bw, bh, step, (x, y) => {
        const u = (x + x0) / S, v = (y + y0) / S;
        return clamp01(0.5 + 1.1 * noise.fbm3(u * FX, v * FY + t * SCROLL, t * EVOLVE, octaves, 0, SCROLL, EVOLVE));
      });
      for (let y = 0; y < bh; y++) {
        const h = (BASE - (y + y0 + 0.5) / S) / HEIGHT; // 0 at the foot, 1 at the top
        if (h < -0.1) continue;
        const hc = clamp01(h);
        const w = HALF_WIDTH * (h < 0 ? Math.sqrt(Math.max(0, 1 - (h / 0.1) ** 2)) : 1 - 0.75 * hc);
        const tall = 2 * (1 - hc) ** 0.8;
        // Sway: slow noise by height that bends the flame more the higher it goes (the curl of the
        // tongues comes from the erosion noise pushing the edge).
        const lean = 0.16 * hc * warp.noise2(((y + y0) / S) * 2.5 + t * 4, t * 2, 4, 2);
        const ragged = 0.04 + 0.12 * hc;
        // The foot fades out rather than ending on a hard rim.
        const foot = h > -0.03 ? 1 : clamp01((h + 0.1) / 0.07);
        // Only the columns the body can reach after sway and ragging.
        const reach = w + Math.abs(lean) + ragged * 0.5 + 2 * invS;
        const xa = Math.max(0, Math.floor((0.5 - reach) * S) - x0), xb = Math.min(bw, Math.ceil((0.5 + reach) * S) - x0);
        const invW = 1 / w;
        for (let x = xa; x < xb; x++) {
          const k = y * bw + x;
          const n = erosion[k] as number;
          // The noise also pushes the edge sideways, more so higher up: ragged, curling sides.
          const u = (x + x0 + 0.5) * invS - 0.5 - lean + (n - 0.5) * ragged;
          const q = u * invW;
          const body = q * q < 1 ? (1 - q * q) * tall : 0;
          const heat = body * (0.3 + 0.9 * n) - 0.35 * hc - 0.1;
          if (heat <= 0) continue;
          // The foot fades out through the body colour, not through white.
          const c = 1.02 - heat * 0.8 + (1 - foot) * 0.25;
          const i = c <= 0 ? 0 : c >= 1 ? (RAMP_STEPS - 1) * 3 : ((c * (RAMP_STEPS - 1) + 0.5) | 0) * 3;
          const e = heat * (1 / 0.07); // a crisp edge: flames are not fog
          const a = (e >= 1 ? 1 : e * e * (3 - 2 * e)) * foot;
          const o = ((y + y0) * S + x + x0) * 4;
          const keep = 1 - a;
          d[o] = (lut[i] as number) * a + (d[o] as number) * keep;
          d[o + 1] = (lut[i + 1] as number) * a + (d[o + 1] as number) * keep;
          d[o + 2] = (lut[i + 2] as number) * a + (d[o + 2] as number) * keep;
          d[o + 3] = a + (d[o + 3] as number) * keep;
        }
      }
      for (const p of embers) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        travel(p, age * p.life, -0.25, 1.2, pos);
        const f = lifeFade(age, 0.15, 0.5);
        const ex = (pos.x + 0.03 * Math.sin(age * 9 + p.u * 6.28)) * S;
        const ey = pos.y * S;
        spot(layer, ex, ey, p.size * S * 3.5, rampPaint(lut, 0.4, 0.45 * f), 'add');
        spot(layer, ex, ey, p.size * S, rampPaint(lut, 0.15 + 0.3 * age, 0.95 * f), 'add', 'solid');
      }
    };
  },
};
