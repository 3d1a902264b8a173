// A round shield carried in front of the body: a disc of its own colours over the hips. Left to the
// legs it tears as they stride (its rim drawn out after each foot); it is a rigid thing the torso
// carries. Found by colour, as the silhouette shows no outline of it: the largest region of one hue
// family (the body's greys, skin and cloth are other families) that fills its own ellipse, is no
// thin thing, and covers part of the legs.
import type { Silhouette } from './silhouette.ts';
import { momentsOf } from './silhouette.ts';

/** Below this height a shield is a few pixels: it moves well enough with whatever it covers. */
const MIN_HEIGHT = 40;
/** Smallest share of the subject's area a shield covers. */
const MIN_AREA = 0.1;
/** How much a region (holes filled) must overlap the ellipse of its own moments: a disc ~1, a square 0.83. */
const MIN_ELLIPSE_FIT = 0.88;
/** Its minor axis over its major one: a shield is round or oval, a sword or a staff is not. */
const MIN_ROUNDNESS = 0.5;
/** Share of it below the hips. */
const MIN_OVER_LEGS = 0.25;
/** Chroma (max - min of RGB) under which a colour is grey: no hue to follow. */
const MIN_CHROMA = 40;
/** Hue step (degrees) between neighbours of one region: a painted rim and its wood, not wood and skin. */
const MAX_HUE_STEP = 30;

function hueOf(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** The mask pixels of the shield (its holes included), or null where there is none. */
export function findShield(s: Silhouette, hipY: number): number[] | null {
  const { width, height, mask, rgba, box } = s;
  if (box.height < MIN_HEIGHT) return null;
  const hue = new Float32Array(width * height).fill(-1);
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) {
    const p = y * width + x, i = p * 4;
    if (!mask[p]) continue;
    const r = rgba[i]!, g = rgba[i + 1]!, b = rgba[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) >= MIN_CHROMA) hue[p] = hueOf(r, g, b);
  }
  const seen = new Uint8Array(width * height);
  let best: number[] | null = null;
  for (let start = 0; start < hue.length; start++) {
    if (hue[start]! < 0 || seen[start]) continue;
    const region: number[] = [start];
    seen[start] = 1;
    for (let k = 0; k < region.length; k++) {
      const p = region[k]!, x = p % width;
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= hue.length || seen[q] || hue[q]! < 0) continue;
        if ((q === p - 1 && x === 0) || (q === p + 1 && x === width - 1)) continue;
        const step = Math.abs(hue[q]! - hue[p]!);
        if (Math.min(step, 360 - step) > MAX_HUE_STEP) continue;
        seen[q] = 1;
        region.push(q);
      }
    }
    if (region.length < MIN_AREA * s.area || (best && region.length <= best.length)) continue;
    const disc = filledDisc(region, s, hipY);
    if (disc) best = disc;
  }
  return best;
}

/** The region with its holes filled, if it is a disc over the legs; else null. */
function filledDisc(region: number[], s: Silhouette, hipY: number): number[] | null {
  const { width, mask } = s;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of region) {
    const x = p % width, y = (p - x) / width;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  // Holes: what the outside of the region's box cannot reach without crossing the region.
  const w = x1 - x0 + 3, h = y1 - y0 + 3;
  const inRegion = new Uint8Array(w * h);
  for (const p of region) { const x = p % width, y = (p - x) / width; inRegion[(y - y0 + 1) * w + x - x0 + 1] = 1; }
  const outside = new Uint8Array(w * h);
  const stack = [0];
  outside[0] = 1;
  while (stack.length > 0) {
    const p = stack.pop()!, x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q < 0 || q >= w * h || outside[q] || inRegion[q]) continue;
      outside[q] = 1;
      stack.push(q);
    }
  }
  const filled: number[] = [];
  let below = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    if (outside[(y - y0 + 1) * w + x - x0 + 1] || !mask[y * width + x]) continue;
    filled.push(y * width + x);
    if (y >= hipY) below++;
  }
  const n = filled.length;
  if (below < MIN_OVER_LEGS * n) return null;
  const { mx, my, xx, xy, yy, major, minor } = momentsOf(filled, width);
  // The ellipse with the region's second moments: semi-axes 2 sqrt(eigenvalue).
  if (major <= 0 || Math.sqrt(minor / major) < MIN_ROUNDNESS) return null;
  const det = xx * yy - xy * xy;
  // Inside the ellipse: (d . inverse covariance . d) <= 4.
  const inside = (x: number, y: number): boolean => {
    const dx = x - mx, dy = y - my;
    return (yy * dx * dx - 2 * xy * dx * dy + xx * dy * dy) / det <= 4;
  };
  let both = 0;
  for (const p of filled) if (inside(p % width, Math.floor(p / width))) both++;
  const ellipseArea = 4 * Math.PI * Math.sqrt(det);
  return both / (n + ellipseArea - both) >= MIN_ELLIPSE_FIT ? filled : null;
}
