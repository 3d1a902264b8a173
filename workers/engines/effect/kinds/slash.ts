// Slash (one-shot): a blade's crescent sweeps round in a fraction of the clip, its head thick and
// white-hot on the outer edge, its tail thinning; a fainter echo arc follows inside it; sparks fly
// off the head as the swing ends; then the crescent thins and fades from the tail.
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { stroke } from '../layerShapes.ts';
import type { Layer } from '../layer.ts';
import { RAMP_STEPS, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.54;
const START = -0.9; // radians, screen angles (clockwise): upper right
const SWEEP = 3.6; // to lower left

/**
 * The crescent's thickness profile s^1.8 (1 - s)^0.3 and the swept side's fade (1 - e)^1.4 over
 * [0, 1] as tables read with linear interpolation (Math.pow per pixel was most of the frame);
 * at 2048 steps they differ from the powers by far less than one 8-bit level, except for the
 * thickness at the very head, where (1 - s)^0.3 drops vertically: the last 1% is computed exactly.
 */
const TABLE_STEPS = 2048;
const table = (f: (x: number) => number): Float64Array => Float64Array.from({ length: TABLE_STEPS + 2 }, (_, i) => f(Math.min(1, i / TABLE_STEPS)));
const THICK = table((s) => s ** 1.8 * (1 - s) ** 0.3);
const SOFT = table((e) => (1 - e) ** 1.4);
/** `tab` at x in [0, 1]. */
function lookup(tab: Float64Array, x: number): number {
  const f = x * TABLE_STEPS;
  const i = f | 0;
  const a = tab[i] as number;
  return a + ((tab[i + 1] as number) - a) * (f - i);
}

/**
 * Every pixel's distance from the swing's centre and its angle from the swing's start in [0, 2π),
 * for an S x S layer: the same for every frame and both crescents, so atan2 runs once per pixel
 * per job instead of once per pixel of every crescent of every frame.
 */
interface Polar {
  S: number;
  rho: Float64Array;
  theta: Float64Array;
}

function polarFor(S: number): Polar {
  const rho = new Float64Array(S * S);
  const theta = new Float64Array(S * S);
  for (let y = 0; y < S; y++) {
    const dy = y + 0.5 - CY * S;
    for (let x = 0; x < S; x++) {
      const dx = x + 0.5 - CX * S;
      rho[y * S + x] = Math.sqrt(dx * dx + dy * dy);
      let th = Math.atan2(dy, dx) - START;
      th -= Math.floor(th / (Math.PI * 2)) * Math.PI * 2;
      theta[y * S + x] = th;
    }
  }
  return { S, rho, theta };
}

/** One crescent: outer radius `r`, peak thickness `w` (cell fractions), from angle `tail` to `head`. */
function crescent(layer: Layer, polar: Polar, lut: Float32Array, r: number, w: number, tail: number, head: number, a: number): void {
  if (!(head > tail) || !(a > 0.005) || !(w > 0)) return;
  const S = layer.width;
  const d = layer.data;
  const R = r * S, W = w * S;
  const G = Math.max(2, W * 0.35); // the bloom outside the edge
  const x0 = Math.max(0, Math.floor((CX - r) * S - G - 2)), x1 = Math.min(S, Math.ceil((CX + r) * S + G + 2));
  const y0 = Math.max(0, Math.floor((CY - r) * S - G - 2)), y1 = Math.min(S, Math.ceil((CY + r) * S + G + 2));
  const span = head - tail;
  const from = tail - START;
  const outer = R + G, inner = R - W - 1;
  const { rho: rhos, theta } = polar;
  for (let y = y0; y < y1; y++) {
    // Only the columns of the ring R - W - 1 <= rho <= R + G on this row (a pixel wider each
    // side, and every pixel still tested): the hole and the corners are never visited.
    const dy = y + 0.5 - CY * S;
    const o2 = outer * outer - dy * dy;
    if (o2 < 0) continue;
    const half = Math.sqrt(o2) + 1;
    const xa = Math.max(x0, Math.floor(CX * S - half)), xb = Math.min(x1, Math.ceil(CX * S + half));
    const i2 = inner > 0 ? inner * inner - dy * dy : -1;
    const hole = i2 > 0 ? Math.sqrt(i2) - 1 : -1;
    const ha = Math.ceil(CX * S - hole), hb = Math.floor(CX * S + hole);
    for (let x = xa; x < xb; x++) {
      if (hole > 0 && x > ha && x < hb) {
        x = hb;
        if (x >= xb) break;
      }
      const k = y * S + x;
      const rho = rhos[k] as number;
      if (rho > outer || rho < inner) continue;
      const s = ((theta[k] as number) - from) / span; // 0 at the tail, 1 at the head
      if (s <= 0 || s >= 1) continue;
      // Thickest near the head, tapering to a point there and to a long thin tail.
      const thick = (W * (s < 0.99 ? lookup(THICK, s) : s ** 1.8 * (1 - s) ** 0.3)) / 0.423;
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
        const inner = lookup(SOFT, e); // the swept side fades off softly, like motion blur
        alpha = clamp01(R - rho + 0.5) * inner * a;
        pos = e * 0.75 + (1 - s) * 0.3;
      }
      if (alpha <= 0.003) continue;
      const i = Math.round(clamp01(pos) * (RAMP_STEPS - 1)) * 3;
      const o = k * 4;
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
    let polar: Polar | undefined;
    return (layer, t) => {
      const S = layer.width;
      if (!polar || polar.S !== S) polar = polarFor(S);
      // The head sweeps round by 0.45; the tail follows, never quite catching up; it all thins
      // and fades to a trace by the end.
      const head = START + SWEEP * easeOutCubic(t / 0.45);
      const tail = START + (SWEEP - 0.7) * smoothstep(0.15, 1, t) ** 1.6;
      const fade = 1 - smoothstep(0.5, 1, t) * 0.8;
      const thin = 1 - 0.6 * smoothstep(0.45, 1, t);
      crescent(layer, polar, lut, 0.36, 0.12 * thin, tail, head, fade);
      crescent(layer, polar, lut, 0.28, 0.045 * thin, tail + 0.5, head - 0.15, 0.5 * fade); // the echo
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
