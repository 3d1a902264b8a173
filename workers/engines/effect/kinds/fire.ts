// Fire (sustained): a flame body (wide at the bed, narrowing upward) eroded by fractal noise that
// is stretched upright, warped sideways and scrolls up: where the noise is low the flame survives
// higher, so it splits into tongues that lick up and break off. Heat is shaded through the ramp
// (white core, yellow, orange, red rim). Embers drift above and a glow lights the ground. The noise
// scrolls and evolves by whole periods each loop, so the last frame leads into the first.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge, travel } from '../particles.ts';
import { spot } from '../layerShapes.ts';
import { RAMP_STEPS, clamp01, rampPaint, rampTable, backdrop } from './common.ts';
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

/** Per layer size: the erosion grid, its interpolation weights and per-row scratch. */
interface ErosionGrid {
  S: number;
  gw: number;
  gh: number;
  /** Per layer column (of the flame's box): the grid column to its left and the right one's weight. */
  col: Int32Array;
  colW: Float32Array;
  /** Noise x of each grid column. */
  xs: Float64Array;
  grid: Float32Array;
  line: Float64Array;
  rowLerp: Float32Array;
  /** Per grid row: the columns needed; per layer row: the span drawn and the sway. */
  lo: Int32Array;
  hi: Int32Array;
  xa: Int32Array;
  xb: Int32Array;
  lean: Float64Array;
}

/** `prev` if it was made for layer size S, else a new one. */
function gridFor(prev: ErosionGrid | undefined, S: number, bw: number, bh: number, x0: number, step: number): ErosionGrid {
  if (prev && prev.S === S) return prev;
  const gw = Math.ceil((bw - 1) / step) + 1, gh = Math.ceil((bh - 1) / step) + 1;
  const col = new Int32Array(bw);
  const colW = new Float32Array(bw);
  for (let x = 0; x < bw; x++) {
    const gx = Math.max(0, Math.min(gw - 2, Math.floor(x / step)));
    col[x] = gx;
    colW[x] = gw > 1 ? Math.min(1, (x - gx * step) / step) : 0;
  }
  const xs = new Float64Array(gw);
  for (let c = 0; c < gw; c++) xs[c] = ((c * step + 0.5 + x0) / S) * FX;
  return {
    S, gw, gh, col, colW, xs, grid: new Float32Array(gw * gh), line: new Float64Array(gw), rowLerp: new Float32Array(gw),
    lo: new Int32Array(gh), hi: new Int32Array(gh), xa: new Int32Array(bh), xb: new Int32Array(bh), lean: new Float64Array(bh),
  };
}

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
    let erosion: ErosionGrid | undefined;
    const pos = { x: 0, y: 0 };

    // The glow is the same in every frame: drawn once (first, on the cleared layer) and copied.
    const ground = backdrop((l) => {
      const S = l.width;
      spot(l, S * 0.5, S * (BASE - 0.02), S * 0.42, rampPaint(lut, 0.5, 0.2), 'add');
    });
    return (layer, t) => {
      const S = layer.width;
      const invS = 1 / S;
      const d = layer.data;
      ground(layer);
      const x0 = Math.floor(S * (0.5 - HALF_WIDTH - 0.12)), x1 = Math.ceil(S * (0.5 + HALF_WIDTH + 0.12));
      const y0 = Math.max(0, Math.floor(S * (BASE - HEIGHT))), y1 = Math.min(S, Math.ceil(S * (BASE + 0.08)));
      const bw = x1 - x0, bh = y1 - y0;
      const step = Math.max(3, Math.round(S / 110));
      const octaves = S >= 384 ? 4 : 3; // the fourth is finer than a pixel in small cells
      const g = (erosion = gridFor(erosion, S, bw, bh, x0, step));
      const { gw, gh, col, colW, xs } = g;
      // First the rows: where the body can reach on each (after sway and ragging). The erosion
      // noise is then evaluated only on the grid points those spans interpolate from.
      for (let r = 0; r < gh; r++) {
        g.lo[r] = gw;
        g.hi[r] = -1;
      }
      for (let y = 0; y < bh; y++) {
        g.xa[y] = 0;
        g.xb[y] = 0;
        const h = (BASE - (y + y0 + 0.5) / S) / HEIGHT; // 0 at the foot, 1 at the top
        if (h < -0.1) continue;
        const hc = clamp01(h);
        const w = HALF_WIDTH * (h < 0 ? Math.sqrt(Math.max(0, 1 - (h / 0.1) ** 2)) : 1 - 0.75 * hc);
        // Sway: slow noise by height that bends the flame more the higher it goes (the curl of the
        // tongues comes from the erosion noise pushing the edge).
        const lean = 0.16 * hc * warp.noise2(((y + y0) / S) * 2.5 + t * 4, t * 2, 4, 2);
        const ragged = 0.04 + 0.12 * hc;
        // Only the columns the body can reach after sway and ragging.
        const reach = w + Math.abs(lean) + ragged * 0.5 + 2 * invS;
        const xa = Math.max(0, Math.floor((0.5 - reach) * S) - x0), xb = Math.min(bw, Math.ceil((0.5 + reach) * S) - x0);
        g.lean[y] = lean;
        if (xb <= xa) continue;
        g.xa[y] = xa;
        g.xb[y] = xb;
        const ca = col[xa] as number, cb = Math.min(gw - 1, (col[xb - 1] as number) + 1);
        const r0 = Math.max(0, Math.min(gh - 2, Math.floor(y / step)));
        for (let r = r0; r <= Math.min(gh - 1, r0 + 1); r++) {
          if (ca < (g.lo[r] as number)) g.lo[r] = ca;
          if (cb > (g.hi[r] as number)) g.hi[r] = cb;
        }
      }
      // The erosion noise on those grid points (fbm3 along each grid row, as sampleField would
      // evaluate it point by point: the same values).
      const grid = g.grid;
      const line = g.line;
      for (let r = 0; r < gh; r++) {
        const lo = g.lo[r] as number, hi = g.hi[r] as number;
        if (hi < lo) continue;
        const v = (r * step + 0.5 + y0) / S;
        noise.fbm3Row(line, xs, lo, hi + 1, v * FY + t * SCROLL, t * EVOLVE, octaves, 0, SCROLL, EVOLVE);
        for (let c = lo; c <= hi; c++) grid[r * gw + c] = clamp01(0.5 + 1.1 * (line[c] as number));
      }
      const rowLerp = g.rowLerp;
      for (let y = 0; y < bh; y++) {
        const xa = g.xa[y] as number, xb = g.xb[y] as number;
        if (xb <= xa) continue;
        const h = (BASE - (y + y0 + 0.5) / S) / HEIGHT; // 0 at the foot, 1 at the top
        const hc = clamp01(h);
        const w = HALF_WIDTH * (h < 0 ? Math.sqrt(Math.max(0, 1 - (h / 0.1) ** 2)) : 1 - 0.75 * hc);
        const tall = 2 * (1 - hc) ** 0.8;
        const lean = g.lean[y] as number;
        const ragged = 0.04 + 0.12 * hc;
        // The foot fades out rather than ending on a hard rim.
        const foot = h > -0.03 ? 1 : clamp01((h + 0.1) / 0.07);
        const invW = 1 / w;
        // The erosion between grid points: bilinear, as sampleField interpolates (same rounding).
        const gy = Math.max(0, Math.min(gh - 2, Math.floor(y / step)));
        const fy = gh > 1 ? Math.min(1, (y - gy * step) / step) : 0;
        const g0 = gy * gw, g1 = gh > 1 ? g0 + gw : g0;
        const ca = col[xa] as number, cb = Math.min(gw - 1, (col[xb - 1] as number) + 1);
        for (let c = ca; c <= cb; c++) {
          const a = grid[g0 + c] as number;
          rowLerp[c] = a + ((grid[g1 + c] as number) - a) * fy;
        }
        for (let x = xa; x < xb; x++) {
          const gc = col[x] as number;
          const ra = rowLerp[gc] as number;
          const n = Math.fround(ra + ((gw > 1 ? (rowLerp[gc + 1] as number) : ra) - ra) * (colW[x] as number));
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
