// Portal (sustained): an upright oval opening onto a dark depth, with spiral arms of light that
// wind inward and turn, a bright rim with a glow around it, and motes being drawn in. The swirl is
// noise in polar coordinates, periodic around the circle, turned one period and scrolled inward one
// period per loop, so it loops; each mote lives once per loop.
import { createNoise, gridSize, interpolateGrid, periodicTable, readPeriodic } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge } from '../particles.ts';
import { ring, spot } from '../layerShapes.ts';
import { RAMP_STEPS, WHITE, rampPaint, rampTable, scratch, backdrop, additive } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.5;
const RX = 0.27;
const RY = 0.38;
/** Arms around the circle (noise periods), and radial periods scrolled inward per loop. */
const ARMS = 5;
const INWARD = 2;

export const portal: EffectFamily = {
  name: 'portal',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'portal');
    const motes = emit(createRandom(seed, 'portal-motes'), {
      count: 30, x: CX, y: CY, speed: [0, 0], life: [0.4, 0.8], size: [0.006, 0.013],
    });
    const pool = new Map<string, Float32Array>();
    // The swirl never evolves (its third coordinate is fixed): it only turns and flows inward by
    // whole periods, so one period of it is tabulated once per job (12 samples per lattice cell of
    // the finest octave) and each frame reads the table.
    let swirlTable: ReturnType<typeof periodicTable> | undefined;
    // Each column's x in the opening's units, per layer size.
    let columns: Float64Array | undefined;
    let columnsS = 0;
    // Each grid point's place in the swirl before it turns (winding angle, radius), per layer size.
    let polar: { S: number; gw: number; gh: number; u: Float64Array; v: Float64Array } | undefined;
    // The glow is the same in every frame: drawn once (first, on the cleared layer) and copied.
    const glow = backdrop((l) => {
      const S = l.width;
      spot(l, CX * S, CY * S, S * 0.44, rampPaint(lut, 0.55, 0.3), 'add');
    });
    // The rim, a glowing band and a white-hot edge, never changes: drawn once and added back.
    const rim = additive((l) => {
      const S = l.width;
      ring(l, CX * S, CY * S, RX * S, RY * S, S * 0.035, rampPaint(lut, 0.3, 0.7), 'add');
      ring(l, CX * S, CY * S, RX * S, RY * S, Math.max(1, S * 0.007), { ...WHITE, a: 0.85 }, 'add');
    });
    return (layer, t) => {
      const S = layer.width;
      const d = layer.data;
      glow(layer);
      const x0 = Math.floor((CX - RX * 1.05) * S), x1 = Math.ceil((CX + RX * 1.05) * S);
      const y0 = Math.floor((CY - RY * 1.05) * S), y1 = Math.ceil((CY + RY * 1.05) * S);
      const bw = x1 - x0, bh = y1 - y0;
      const swirl = scratch(pool, 'swirl', bw * bh);
      const step = Math.max(2, Math.round(S / 80));
      if (!polar || polar.S !== S) {
        const { gw, gh } = gridSize(bw, bh, step);
        const u = new Float64Array(gw * gh), v = new Float64Array(gw * gh);
        for (let gy = 0; gy < gh; gy++) {
          for (let gx = 0; gx < gw; gx++) {
            const nx = ((gx * step + 0.5 + x0) / S - CX) / RX, ny = ((gy * step + 0.5 + y0) / S - CY) / RY;
            const rho = Math.sqrt(nx * nx + ny * ny);
            const th = Math.atan2(ny, nx) / (Math.PI * 2);
            // Arms wind with the radius (twist); features flow inward.
            u[gy * gw + gx] = (th + 0.45 * rho) * ARMS;
            v[gy * gw + gx] = rho * 2.5;
          }
        }
        polar = { S, gw, gh, u, v };
      }
      swirlTable ??= periodicTable(ARMS, INWARD, 48, (x, y) => noise.fbm3(x, y, 0.5, 3, ARMS, INWARD, 0));
      const grid = scratch(pool, 'swirl-grid', polar.gw * polar.gh);
      // The arms turn with time and flow inward.
      for (let k = 0; k < polar.gw * polar.gh; k++) grid[k] = readPeriodic(swirlTable, (polar.u[k] as number) + t * ARMS, (polar.v[k] as number) + t * INWARD);
      interpolateGrid(swirl, bw, bh, step, grid);
      if (!columns || columnsS !== S) {
        columns = new Float64Array(bw);
        for (let x = 0; x < bw; x++) columns[x] = ((x + x0 + 0.5) / S - CX) / RX;
        columnsS = S;
      }
      const nxs = columns;
      for (let y = 0; y < bh; y++) {
        const ny = ((y + y0 + 0.5) / S - CY) / RY;
        // Only the columns inside the opening on this row (a pixel wider each side; each still tested).
        const open = 1.0404 - ny * ny;
        if (open <= 0) continue;
        const half = Math.sqrt(open) * RX * S + 1;
        const xa = Math.max(0, Math.floor(CX * S - half) - x0), xb = Math.min(bw, Math.ceil(CX * S + half) - x0);
        for (let x = xa; x < xb; x++) {
          const nx = nxs[x] as number;
          const r2 = nx * nx + ny * ny;
          if (r2 >= 1.0404) continue;
          const rho = Math.sqrt(r2);
          const v = 0.5 + 1.8 * (swirl[y * bw + x] as number);
          // Bright arms over a dark depth that is darkest at the middle.
          const arm = (v < 0 ? 0 : v > 1 ? 1 : v) * (0.35 + 0.65 * rho);
          const p = 1 - arm * 0.9 - r2 * r2 * 0.35;
          const pos = p < 0 ? 0 : p;
          const edge = (1.02 - rho) * 40;
          const a = 0.94 * (edge > 1 ? 1 : edge);
          const i = ((pos * (RAMP_STEPS - 1) + 0.5) | 0) * 3;
          const o = ((y + y0) * S + x + x0) * 4;
          const keep = 1 - a;
          const lit = Math.min(1, 0.35 + 0.65 * arm + 0.2 * rho) * a; // the depth is darker still
          d[o] = (lut[i] as number) * lit + (d[o] as number) * keep;
          d[o + 1] = (lut[i + 1] as number) * lit + (d[o + 1] as number) * keep;
          d[o + 2] = (lut[i + 2] as number) * lit + (d[o + 2] as number) * keep;
          d[o + 3] = a + (d[o + 3] as number) * keep;
        }
      }
      rim(layer);
      for (const p of motes) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        // Spirals in from outside the rim to the middle.
        const ang = p.u * Math.PI * 2 + age * 2.5;
        const r = 1.5 - 1.3 * age ** 0.8;
        const f = lifeFade(age, 0.2, 0.3);
        const x = (CX + Math.cos(ang) * RX * r) * S, y = (CY + Math.sin(ang) * RY * r) * S;
        spot(layer, x, y, p.size * S * 3, rampPaint(lut, 0.3, 0.45 * f), 'add');
        spot(layer, x, y, Math.max(0.8, p.size * S * 0.7), { ...WHITE, a: 0.9 * f }, 'add', 'solid');
      }
    };
  },
};
