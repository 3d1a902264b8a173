// Drawing the deformed mesh: each triangle's canvas pixels take their colour from where they lie
// in the rest mesh (the start image). Pixel art samples the nearest source pixel, so it stays crisp
// and keeps its palette and binary alpha however a part turns; painted art samples bilinearly in
// premultiplied alpha. The top-left rule gives each pixel to exactly one of the triangles sharing
// an edge, so no seam is drawn twice.
import type { RawImage } from '../../types.ts';
import type { Clip, Mesh } from './skin.ts';
import type { Ramp } from '../../kernels/ramp.ts';
import { packColor } from '../../kernels/palette.ts';
import type { PackedColor } from '../../kernels/palette.ts';
import { ANY_SOFT, BACKING } from './skin.ts';
import { BAYER4 } from '../../kernels/dither.ts';
import { blendPixel } from '../../kernels/blit.ts';

export interface DrawOptions {
  pixel: boolean;
  /** 0..1 of the full opacity (a smear ghost). */
  opacity: number;
  /** Which parts are drawn darker (a far limb), and how. */
  shade?: Shade;
  /** Only these parts (a smear draws the striking arm alone). */
  parts?: ReadonlySet<number>;
  /**
   * Source pixels across each canvas pixel where the whole is squeezed sideways (a flat thing turned
   * toward its edge): each canvas pixel shows the nearest opaque one in that span, as a line of sight
   * through the turned thing meets it, so the thin edge stays whole instead of a dotted line.
   */
  across?: number;
  /** The triangles in the order to draw them (rig/drawOrder.ts), where a pose changes it. */
  order?: Uint32Array;
}

/**
 * Parts drawn darker: per part, the factor its colour is multiplied by (1 draws it as it is). Pixel
 * art keeps its palette: a shaded part's colour steps one down `ramp` instead (unchanged without one).
 * Data rather than a function per part: the drawing is a worker's hottest code, and a call to a new
 * closure each job or frame sends V8 back to unoptimised code to compile it again (tens of ms a time).
 */
export interface Shade {
  factor: Float64Array;
  ramp: Ramp | null;
}

/**
 * The edge p -> q of a triangle whose third vertex is r, as [ax, ay, dx, dy, sign, owns]: the edge
 * function sign * (dx (y - ay) - dy (x - ax)) is positive on r's side. It is set up from the
 * lower-numbered vertex, so the two triangles sharing an edge compute exactly opposite values, and
 * a tie (a pixel centre on the edge) goes to the triangle lying toward +x (or +y) alone: no pixel is
 * lost or drawn twice along a shared edge.
 */
function edge(out: Float64Array, o: number, ip: number, px: number, py: number, iq: number, qx: number, qy: number, rx: number, ry: number): void {
  const flip = ip > iq;
  const ax = flip ? qx : px, ay = flip ? qy : py;
  const dx = (flip ? px : qx) - ax, dy = (flip ? py : qy) - ay;
  const sign = dx * (ry - ay) - dy * (rx - ax) >= 0 ? 1 : -1;
  const nx = -dy * sign, ny = dx * sign;
  out[o] = ax; out[o + 1] = ay; out[o + 2] = dx; out[o + 3] = dy; out[o + 4] = sign; out[o + 5] = nx > 0 || (nx === 0 && ny > 0) ? 1 : 0;
}

/** How far past an edge's crossing a row's span reaches, in pixels (see drawMesh). */
const SLACK = 1e-6;
/** A backing draws only the solid body: its soft edge drawn twice at rest would darken it. */
const SOLID = 254.5;

/** A source image whose pixel (0, 0) lies at (ox, oy) of the rest mesh's coordinates. */
export interface Source {
  image: RawImage;
  ox: number;
  oy: number;
}

/**
 * What a run of pixels on one row of one triangle draws with: set per mesh, per source and per
 * triangle, read by drawRun. One object of one shape, so the pixel loop is a small function of its
 * own that V8 optimises early and once, rather than the whole mesh walk.
 */
class Run {
  sd: Uint8Array = new Uint8Array(0);
  sw = 0;
  sh = 0;
  sox = 0;
  soy = 0;
  /** Where the pixel samples the source moves by (dudx, dvdx) a canvas pixel along the row. */
  dudx = 0;
  dvdx = 0;
  keep = -1;
  keptBy: Int8Array | null = null;
  /** This triangle's part's shade factor (1: none). */
  shadeK = 1;
  readonly px = [0, 0, 0, 0];
  readonly best = [0, 0, 0, 0];
  constructor(
    readonly cd: Uint8Array,
    readonly cw: number,
    readonly ch: number,
    readonly pixel: boolean,
    readonly smooth: boolean,
    readonly reach: number,
    readonly offsets: readonly number[],
    readonly opacity: number,
    readonly ramp: Ramp | null,
    readonly clip: Clip | null,
  ) {}
}

/**
 * The mesh drawn from `source`, or from each part's own source (a sprite split into layers: limbs
 * drawn over the body from their own pixels, the rest from the body painted in under them).
 */
export function drawMesh(canvas: RawImage, source: Source | readonly Source[], mesh: Mesh, pos: Float64Array, opts: DrawOptions): void {
  const { triangles, rest, clip } = mesh;
  let from: Source | undefined;
  const E = new Float64Array(18);
  // Offsets to look along a squeezed row, nearest first: 0, +1, -1, +2, -2, ...
  const reach = Math.floor(((opts.across ?? 1) - 1) / 2);
  const offsets = [0];
  for (let d = 1; d <= reach; d++) offsets.push(d, -d);
  const run = new Run(canvas.data, canvas.width, canvas.height, opts.pixel, !opts.pixel && reach === 0, reach, offsets, opts.opacity, opts.shade?.ramp ?? null, clip ?? null);
  for (let o = 0; o < mesh.parts.length; o++) {
    const t = opts.order ? (opts.order[o] as number) : o;
    const part = mesh.parts[t] as number;
    if (opts.parts && !opts.parts.has(part)) continue;
    const src = isSource(source) ? source : (source[part] as Source);
    if (src !== from) {
      from = src;
      run.sw = src.image.width; run.sh = src.image.height; run.sd = src.image.data; run.sox = src.ox; run.soy = src.oy;
    }
    run.shadeK = opts.shade ? (opts.shade.factor[part] ?? 1) : 1;
    // A cell shared with a rigid part draws only the pixels its part keeps (skin.ts, Clip).
    run.keep = clip ? (clip.keep[t] as number) : -1;
    run.keptBy = clip ? (clip.under && clip.readsUnder![part] ? clip.under : clip.labels) : null;
    drawTriangle(run, E, pos, rest, triangles[3 * t] as number, triangles[3 * t + 1] as number, triangles[3 * t + 2] as number);
  }
}

/**
 * One triangle of the mesh at `pos`, sampling where its vertices lie in `rest`. (Its own function:
 * V8 optimises a function after running about its size in bytecode many times over, so the mesh
 * walk's loops kept small are compiled within the first frames of a worker's first job.)
 */
function drawTriangle(run: Run, E: Float64Array, pos: Float64Array, rest: Float64Array, i0: number, i1: number, i2: number): void {
  const { cw, ch, reach } = run;
  const x0 = pos[2 * i0] as number, y0 = pos[2 * i0 + 1] as number;
  const x1 = pos[2 * i1] as number, y1 = pos[2 * i1 + 1] as number;
  const x2 = pos[2 * i2] as number, y2 = pos[2 * i2 + 1] as number;
  const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
  if (Math.abs(area) < 1e-9) return;
  const u0 = rest[2 * i0] as number, v0 = rest[2 * i0 + 1] as number;
  const u1 = rest[2 * i1] as number, v1 = rest[2 * i1 + 1] as number;
  const u2 = rest[2 * i2] as number, v2 = rest[2 * i2 + 1] as number;
  edge(E, 0, i1, x1, y1, i2, x2, y2, x0, y0);
  edge(E, 6, i2, x2, y2, i0, x0, y0, x1, y1);
  edge(E, 12, i0, x0, y0, i1, x1, y1, x2, y2);
  const a0 = E[0]!, b0y = E[1]!, d0x = E[2]!, d0y = E[3]!, s0 = E[4]!, own0 = E[5] === 1;
  const a1 = E[6]!, b1y = E[7]!, d1x = E[8]!, d1y = E[9]!, s1 = E[10]!, own1 = E[11] === 1;
  const a2 = E[12]!, b2y = E[13]!, d2x = E[14]!, d2y = E[15]!, s2 = E[16]!, own2 = E[17] === 1;
  // Squeezed, a triangle narrower than a pixel may hold no pixel centre: it covers every pixel
  // its row crosses (a pixel's half-width of slack on each edge), and the colour is looked for across.
  const t0 = reach > 0 ? 0.5 * Math.abs(d0y) : 0, t1 = reach > 0 ? 0.5 * Math.abs(d1y) : 0, t2 = reach > 0 ? 0.5 * Math.abs(d2y) : 0;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2))), maxX = Math.min(cw - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2))), maxY = Math.min(ch - 1, Math.ceil(Math.max(y0, y1, y2)));
  // Each edge function is linear in x along a row, w(x) = c + m (x + 0.5): the span where none is
  // below its tolerance, widened by SLACK each way, holds every pixel the exact tests below can
  // accept, so the rest are skipped. (The slack covers the rounding of multiplying by 1 / m where
  // a division would be exact, some 1e-12 px: the tests, not the span, decide every pixel.)
  const m0 = -s0 * d0y, m1 = -s1 * d1y, m2 = -s2 * d2y;
  // Where a pixel samples the source is affine across the triangle: its gradients, found once,
  // spare each pixel the barycentric weights' divisions.
  const dudx = ((u1 - u0) * (y2 - y0) - (u2 - u0) * (y1 - y0)) / area, dudy = ((u2 - u0) * (x1 - x0) - (u1 - u0) * (x2 - x0)) / area;
  const dvdx = ((v1 - v0) * (y2 - y0) - (v2 - v0) * (y1 - y0)) / area, dvdy = ((v2 - v0) * (x1 - x0) - (v1 - v0) * (x2 - x0)) / area;
  run.dudx = dudx; run.dvdx = dvdx;
  const r0 = m0 !== 0 ? 1 / m0 : 0, r1 = m1 !== 0 ? 1 / m1 : 0, r2 = m2 !== 0 ? 1 / m2 : 0;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    const ru = u0 + dudy * (py - y0) - dudx * x0, rv = v0 + dvdy * (py - y0) - dvdx * x0;
    const c0 = s0 * (d0x * (py - b0y) + d0y * a0), c1 = s1 * (d1x * (py - b1y) + d1y * a1), c2 = s2 * (d2x * (py - b2y) + d2y * a2);
    let lo = minX, hi = maxX;
    if (m0 > 0) lo = Math.max(lo, Math.ceil((-t0 - c0) * r0 - 0.5 - SLACK));
    else if (m0 < 0) hi = Math.min(hi, Math.floor((-t0 - c0) * r0 - 0.5 + SLACK));
    else if (c0 < -t0) continue;
    if (m1 > 0) lo = Math.max(lo, Math.ceil((-t1 - c1) * r1 - 0.5 - SLACK));
    else if (m1 < 0) hi = Math.min(hi, Math.floor((-t1 - c1) * r1 - 0.5 + SLACK));
    else if (c1 < -t1) continue;
    if (m2 > 0) lo = Math.max(lo, Math.ceil((-t2 - c2) * r2 - 0.5 - SLACK));
    else if (m2 < 0) hi = Math.min(hi, Math.floor((-t2 - c2) * r2 - 0.5 + SLACK));
    else if (c2 < -t2) continue;
    // Edge functions: the weights of the vertices opposite each edge. The two triangles on an
    // edge negate each other's c and m exactly, so their values along it are exactly opposite.
    // Each is monotonic along the row (rounding keeps that), so the pixels inside are one run:
    // its ends are found by the exact tests, and the pixels between need none.
    for (; lo <= hi; lo++) {
      const pxc = lo + 0.5, w0 = c0 + m0 * pxc, w1 = c1 + m1 * pxc, w2 = c2 + m2 * pxc;
      if (!(w0 < -t0 || (w0 === -t0 && !own0) || w1 < -t1 || (w1 === -t1 && !own1) || w2 < -t2 || (w2 === -t2 && !own2))) break;
    }
    for (; hi > lo; hi--) {
      const pxc = hi + 0.5, w0 = c0 + m0 * pxc, w1 = c1 + m1 * pxc, w2 = c2 + m2 * pxc;
      if (!(w0 < -t0 || (w0 === -t0 && !own0) || w1 < -t1 || (w1 === -t1 && !own1) || w2 < -t2 || (w2 === -t2 && !own2))) break;
    }
    if (lo <= hi) drawRun(run, y, lo, hi, ru, rv);
  }
}

const isSource = (s: Source | readonly Source[]): s is Source => !Array.isArray(s);

/** Pixels lo..hi of row y, sampling the source from (ru, rv) + (x + 0.5) (dudx, dvdx). */
function drawRun(run: Run, y: number, lo: number, hi: number, ru: number, rv: number): void {
  const { sd, sw, sh, sox, soy, dudx, dvdx, keep, smooth, px, cd, cw } = run;
  for (let x = lo; x <= hi; x++) {
    const pxc = x + 0.5;
    const su = ru + dudx * pxc, sv = rv + dvdx * pxc;
    if (keep !== -1 && !keeps(run.clip!, run.keptBy!, keep, su, sv)) continue;
    let r: number, g: number, b: number, a: number;
    const fx = su - sox - 0.5, fy = sv - soy - 0.5;
    const ix = Math.floor(fx), iy = Math.floor(fy);
    if (smooth && ix >= 0 && iy >= 0 && ix + 1 < sw && iy + 1 < sh) {
      // sample()'s bilinear read of four taps inside the source, inline (the same sums in the
      // same order): called per pixel, it was a third of the drawing's time.
      const tx = fx - ix, ty = fy - iy;
      const o = (iy * sw + ix) * 4, row = sw * 4;
      const w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty;
      const a00 = w00 * sd[o + 3]!, a10 = w10 * sd[o + 7]!, a01 = w01 * sd[o + row + 3]!, a11 = w11 * sd[o + row + 7]!;
      a = a00 + a10 + a01 + a11;
      if (a < (keep === BACKING ? SOLID : 0.5)) continue;
      r = (a00 * sd[o]! + a10 * sd[o + 4]! + a01 * sd[o + row]! + a11 * sd[o + row + 4]!) / a;
      g = (a00 * sd[o + 1]! + a10 * sd[o + 5]! + a01 * sd[o + row + 1]! + a11 * sd[o + row + 5]!) / a;
      b = (a00 * sd[o + 2]! + a10 * sd[o + 6]! + a01 * sd[o + row + 2]! + a11 * sd[o + row + 6]!) / a;
    } else {
      if (run.reach === 0) {
        if (!sample(sd, sw, sh, su - sox, sv - soy, run.pixel, px)) continue;
      } else if (!sampleAcross(sd, sw, sh, su - sox, sv - soy, run.pixel, run.offsets, px, run.best)) continue;
      r = px[0]!; g = px[1]!; b = px[2]!; a = px[3]!;
      if (keep === BACKING && a < SOLID) continue;
    }
    const k = run.shadeK;
    if (k !== 1) {
      if (!run.pixel) { r *= k; g *= k; b *= k; }
      else if (run.ramp) {
        const i = run.ramp.index.get(packColor(r, g, b, 255));
        if (i !== undefined) {
          const c = run.ramp.colors[run.ramp.down[i] as number] as PackedColor;
          r = c >>> 24; g = (c >>> 16) & 255; b = (c >>> 8) & 255;
        }
      }
    }
    if (run.opacity < 1) {
      // Pixel art keeps binary alpha: a faint copy is an ordered dither of whole pixels.
      if (run.pixel) { if ((BAYER4[(y & 3) * 4 + (x & 3)] as number) >= run.opacity * 16) continue; }
      else a *= run.opacity;
    }
    blendPixel(cd, (y * cw + x) * 4, r, g, b, a);
  }
}

/** Whether a triangle keeping `keep` (a label, ANY_SOFT or BACKING) draws the source pixel at rest (u, v). */
function keeps(clip: Clip, labels: Int8Array, keep: number, u: number, v: number): boolean {
  const x = Math.floor(u), y = Math.floor(v);
  const l = x >= 0 && x < clip.width && y >= 0 ? (labels[y * clip.width + x] ?? -1) : -1;
  return keep === ANY_SOFT || keep === BACKING ? l < 0 || clip.rigid[l] !== 1 : l === keep;
}

/**
 * The first (nearest) of the colours at (u + d, v) that is mostly opaque, else the most opaque; false
 * where all are clear. `best` is scratch space, so a pixel allocates nothing.
 */
function sampleAcross(sd: Uint8Array, sw: number, sh: number, u: number, v: number, nearest: boolean, offsets: readonly number[], out: number[], best: number[]): boolean {
  best[3] = 0;
  let found = false;
  for (const d of offsets) {
    if (!sample(sd, sw, sh, u + d, v, nearest, out)) continue;
    if ((out[3] as number) >= 128) return true;
    if ((out[3] as number) > (best[3] as number)) { best[0] = out[0]!; best[1] = out[1]!; best[2] = out[2]!; best[3] = out[3]!; found = true; }
  }
  if (found) { out[0] = best[0]!; out[1] = best[1]!; out[2] = best[2]!; out[3] = best[3]!; }
  return found;
}

/** The source's colour at (u, v) into `out` (straight RGBA); false where it is fully transparent. */
function sample(sd: Uint8Array, sw: number, sh: number, u: number, v: number, nearest: boolean, out: number[]): boolean {
  if (nearest) {
    const sx = Math.min(sw - 1, Math.max(0, Math.floor(u))), sy = Math.min(sh - 1, Math.max(0, Math.floor(v)));
    const o = (sy * sw + sx) * 4;
    const a = sd[o + 3] as number;
    if (a === 0) return false;
    out[0] = sd[o] as number; out[1] = sd[o + 1] as number; out[2] = sd[o + 2] as number; out[3] = a;
    return true;
  }
  const fx = u - 0.5, fy = v - 0.5;
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  const tx = fx - x0, ty = fy - y0;
  // (drawMesh reads four taps inside the source itself; here they are the edge's and a squeezed row's.)
  let r = 0, g = 0, b = 0, a = 0;
  for (let k = 0; k < 4; k++) {
    const xx = x0 + (k & 1), yy = y0 + (k >> 1);
    if (xx < 0 || yy < 0 || xx >= sw || yy >= sh) continue;
    const w = ((k & 1) ? tx : 1 - tx) * ((k >> 1) ? ty : 1 - ty);
    const o = (yy * sw + xx) * 4;
    const wa = w * (sd[o + 3] as number);
    r += wa * (sd[o] as number); g += wa * (sd[o + 1] as number); b += wa * (sd[o + 2] as number); a += wa;
  }
  if (a < 0.5) return false;
  out[0] = r / a; out[1] = g / a; out[2] = b / a; out[3] = a;
  return true;
}
