// Rasterizing parts (a shape, a material, how its surface bends) onto an RGBA canvas. Each part's
// signed distance is sampled once per pixel of its box; its gradient gives the surface normal near
// the edge (a rounded "pillow" of radius `bevel`), so one description renders as a smooth,
// anti-aliased, lit icon at any size or as hard-edged pixel art with a five-colour ramp.
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt, checkNumber } from '../../kernels/check.ts';
import { BASE_TONE, rampColor, surfaceTone, textureTone } from './shading.ts';
import { CELL, sampleDistance } from './coarseDistance.ts';
import type { Facet, Part, View } from './part.ts';

export type { Facet, Part, View } from './part.ts';

const MAX_SLOPE = 2.4;

/**
 * Draws `part` onto `img` (source-over, straight alpha). With `union` (one float a canvas pixel),
 * also keeps there the least distance to any part drawn so far, out to `reach` px: the outline is
 * then a band of that distance, exact to a fraction of a pixel (no second pass over a mask).
 */
export function drawPart(img: RawImage, part: Part, view: View, union?: Float32Array, reach = 0): void {
  checkImage(img, 'canvas');
  checkNumber(view.scale, 1e-6, 1e9, 'view scale');
  checkInt(view.size, 1, 1 << 14, 'view size');
  checkNumber(reach, 0, 1024, 'reach');
  if (union && union.length !== img.width * img.height) {
    throw new RangeError(`Expected ${img.width * img.height} entries for union but received ${union.length}`);
  }
  const { scale, ox, oy, pixel } = view;
  const b = part.shape.box;
  const pad = 2 + Math.ceil(union ? reach : 0);
  const x0 = Math.max(0, Math.floor(b.x0 * scale + ox) - pad), y0 = Math.max(0, Math.floor(b.y0 * scale + oy) - pad);
  const x1 = Math.min(img.width - 1, Math.ceil(b.x1 * scale + ox) + pad), y1 = Math.min(img.height - 1, Math.ceil(b.y1 * scale + oy) + pad);
  if (x1 < x0 || y1 < y0) return;
  // Distances on the box plus a one-pixel border, so every pixel has four neighbours for the gradient.
  const w = x1 - x0 + 3, h = y1 - y0 + 3;
  const inv = 1 / scale;
  // Inside, distances may be interpolated only deeper than the bevel and the edge line reach.
  const bevelReach = Math.min(1e6, (part.bevel ?? 0) * scale);
  const { dist, live, cells } = sampleDistance(part.shape, x0 - 1, y0 - 1, w, h, scale, ox, oy, union ? reach + 2 : 3, Math.max(bevelReach, part.line ?? 0) + 2);
  const m = part.material;
  const bevelPx = (part.bevel ?? Infinity) * scale;
  const tiltX = part.tilt?.[0] ?? 0, tiltY = part.tilt?.[1] ?? 0;
  const opacity = part.opacity ?? 1;
  const edge = pixel ? (part.thin ? 0.5 : 0) : 0;
  const lineW = pixel ? 0 : (part.line ?? 0);
  const lineOnly = part.lineOnly === true;
  if (lineOnly && lineW <= 0) return;
  const toneShift = part.tone ?? 0;
  const facets = part.facets;
  const limit = union ? Math.max(3, reach + 1) : 3;
  // A face whose normal is its tilt alone (no bevel reaching it, no facets) has one tone: light it once.
  const tiltLen = Math.hypot(tiltX, tiltY, 1);
  const flatTone = surfaceTone(tiltX / tiltLen, tiltY / tiltLen, 1 / tiltLen, m) + toneShift;
  const tc = Math.cos(part.texAngle ?? 0), ts = Math.sin(part.texAngle ?? 0);
  const sheen = part.sheen ?? 0;
  const sheenX = (b.x0 + b.x1) / 2, sheenY = (b.y0 + b.y1) / 2;
  const sheenK = 2 / Math.max(1e-6, b.x1 - b.x0 + b.y1 - b.y0);
  const rgb = new Float32Array(3);
  const d = img.data;
  // Deep inside (past the bevel and the edge line) a face without facets, texture or sheen has one
  // colour: work it out once and skip the per-pixel lighting there.
  const deep = -(Math.max(bevelPx < Infinity ? bevelPx : 0, lineW) + 2);
  const paint = part.paint;
  const plain = !facets && !m.texture && sheen === 0 && !lineOnly && !paint;
  rampColor(m.ramp, flatTone, pixel, rgb);
  const fr = (rgb[0] as number), fg = (rgb[1] as number), fb = (rgb[2] as number);
  // Visit only the coarse cells that are not far outside.
  for (let cell = 0; cell < live.length; cell++) {
    if (!(live[cell] as number)) continue;
    const ci = cell % cells, cj = Math.floor(cell / cells);
    const ie = Math.min(w - 1, (ci + 1) * CELL), je = Math.min(h - 1, (cj + 1) * CELL);
    for (let j = Math.max(1, cj * CELL); j < je; j++) {
      const py = y0 - 1 + j;
      for (let i = Math.max(1, ci * CELL); i < ie; i++) {
        const c = j * w + i;
        const raw = (dist[c] as number);
        if (raw > limit) continue;
        if (plain && raw < deep) {
          if (union) {
            const u = (y0 - 1 + j) * img.width + x0 - 1 + i;
            if (raw < (union[u] as number)) union[u] = raw;
          }
          blend(d, (py * img.width + x0 - 1 + i) * 4, fr, fg, fb, opacity);
          continue;
        }
        const gx = ((dist[c + 1] as number) - (dist[c - 1] as number)) * 0.5, gy = ((dist[c + w] as number) - (dist[c - w] as number)) * 0.5;
        // (Math.sqrt, not Math.hypot: hypot guards against overflow and is several times slower.)
        let g = Math.sqrt(gx * gx + gy * gy);
        // Inexact distances (smooth unions, ellipses, grids) are rescaled by their gradient near the edge.
        g = g < 0.2 ? 1 : Math.min(5, g);
        const dn = raw / g;
        if (union) {
          const u = (y0 - 1 + j) * img.width + x0 - 1 + i;
          if (dn < (union[u] as number)) union[u] = dn;
        }
        let cov: number;
        if (pixel) cov = dn < edge ? 1 : 0;
        else cov = dn >= 0.5 ? 0 : dn <= -0.5 ? 1 : 0.5 - dn;
        if (cov <= 0) continue;
        const px = x0 - 1 + i;
        const depth = -dn;
        if (lineOnly) {
          if (depth >= lineW + 0.5) continue;
          blend(d, (py * img.width + px) * 4, m.line.r, m.line.g, m.line.b, cov * Math.min(1, lineW + 0.5 - depth));
          continue;
        }
        let nx = tiltX, ny = tiltY;
        if (bevelPx < Infinity && depth < bevelPx) {
          const t = Math.max(0, depth) / bevelPx, u = 1 - t;
          const slope = Math.min(MAX_SLOPE, u / Math.sqrt(Math.max(1e-4, 1 - u * u)));
          nx += (gx / g) * slope;
          ny += (gy / g) * slope;
        }
        let seam = 0;
        const ux = (px + 0.5 - ox) * inv, uy = (py + 0.5 - oy) * inv;
        if (facets) {
          let best = Infinity, second = Infinity, bi = 0;
          for (let k = 0; k < facets.length; k++) {
            const f = facets[k] as Facet;
            const q = (f.x - ux) ** 2 + (f.y - uy) ** 2;
            if (q < best) { second = best; best = q; bi = k; } else if (q < second) second = q;
          }
          const f = facets[bi] as Facet;
          nx += f.nx;
          ny += f.ny;
          if (f.r) {
            nx += ((ux - f.x) / f.r) * 0.9;
            ny += ((uy - f.y) / f.r) * 0.9;
          }
          // Seams: where the two nearest sites are about equally far (in output pixels). Domes need
          // none: one bump's lit side against the next one's shade already parts them.
          const gap = (Math.sqrt(second) - Math.sqrt(best)) * scale;
          seam = gap < 1.6 && !f.r ? 1 - gap / 1.6 : 0;
        }
        let v: number;
        if (nx === tiltX && ny === tiltY && !facets) v = flatTone;
        else {
          const nl = Math.sqrt(nx * nx + ny * ny + 1);
          v = surfaceTone(nx / nl, ny / nl, 1 / nl, m) + toneShift - seam * 0.28;
        }
        if (sheen !== 0) v += sheen * ((sheenX - ux) * 0.62 + (sheenY - uy) * 0.78) * sheenK;
        if (m.texture) v += textureTone(m.texture, view.seed, ux * tc + uy * ts, uy * tc - ux * ts);
        if (paint) {
          paint(ux, uy, rgb);
          // Light scales the painted colour; pixel art keeps its palette colours as they are.
          const k = pixel ? 1 : Math.max(0.6, Math.min(1.3, 1 + (v - BASE_TONE) * 0.7));
          rgb[0] = Math.min(255, (rgb[0] as number) * k); rgb[1] = Math.min(255, (rgb[1] as number) * k); rgb[2] = Math.min(255, (rgb[2] as number) * k);
        } else rampColor(m.ramp, v, pixel, rgb);
        let r = (rgb[0] as number), gg = (rgb[1] as number), bb = (rgb[2] as number);
        if (lineW > 0 && depth < lineW + 0.5) {
          const lc = Math.min(1, lineW + 0.5 - depth);
          r += (m.line.r - r) * lc; gg += (m.line.g - gg) * lc; bb += (m.line.b - bb) * lc;
        }
        blend(d, (py * img.width + px) * 4, r, gg, bb, cov * opacity);
      }
    }
  }
}

/** Source-over of colour (r, g, b) at coverage `sa` onto pixel offset `o`. */
export function blend(d: Uint8Array, o: number, r: number, g: number, b: number, sa: number): void {
  if (sa >= 0.999) {
    d[o] = r; d[o + 1] = g; d[o + 2] = b; d[o + 3] = 255;
    return;
  }
  const da = (d[o + 3] as number) / 255;
  const keep = da * (1 - sa);
  const oa = sa + keep;
  if (oa <= 0) return;
  d[o] = (r * sa + (d[o] as number) * keep) / oa;
  d[o + 1] = (g * sa + (d[o + 1] as number) * keep) / oa;
  d[o + 2] = (b * sa + (d[o + 2] as number) * keep) / oa;
  d[o + 3] = Math.round(oa * 255);
}
