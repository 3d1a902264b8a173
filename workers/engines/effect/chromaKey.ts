// Keying a flat background colour out of an image, edges included. A pixel P over a known key
// colour K is P = a·F + (1 - a)·K for some foreground F and alpha a; one equation, two unknowns.
// F is estimated from the nearby pixel that stands furthest from the key (the subject's own
// colour at that edge), a is P's share of the way from K to F, and F is then solved for
// ("unmixing"). Whatever tint of the key is left beyond what the nearby subject itself has is
// spill, and is removed. The minimal alpha that keeps F inside the RGB cube (GIMP's colour to
// alpha) is a floor, so the unmixed colour never clips.
import type { RawImage } from '../../types.ts';
import { checkImage, checkInt, checkNumber } from '../../kernels/check.ts';
import type { Rgba } from '../../kernels/image.ts';

export interface KeyOptions {
  /** RGB distance under which a pixel is pure background (noise, compression). Default 10. */
  tolerance?: number;
  /** Radius in pixels searched for an edge pixel's own colour. Default 4. */
  radius?: number;
}

/** A new straight-alpha image with `key` removed from `img`, edges unmixed and despilled. */
export function chromaKey(img: RawImage, key: Rgba, options: KeyOptions = {}): RawImage {
  checkImage(img, 'image');
  const tolerance = options.tolerance ?? 10;
  const radius = options.radius ?? 4;
  checkNumber(tolerance, 0, 441, 'tolerance');
  checkInt(radius, 0, 64, 'radius');
  const { width, height } = img;
  const src = img.data;
  const n = width * height;
  const kr = key.r, kg = key.g, kb = key.b;
  // How far each pixel stands from the key, and (below) the index of the furthest pixel nearby.
  const strength = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    strength[p] = Math.hypot(src[i]! - kr, src[i + 1]! - kg, src[i + 2]! - kb) * (src[i + 3]! / 255);
  }
  const best = strongestNearby(strength, width, height, radius);
  // The key's own tint: its colour minus its grey, as a unit vector (none for greys and white).
  const kMean = (kr + kg + kb) / 3;
  let cx = kr - kMean, cy = kg - kMean, cz = kb - kMean;
  const cLen = Math.hypot(cx, cy, cz);
  const hasTint = cLen > 24;
  if (hasTint) { cx /= cLen; cy /= cLen; cz /= cLen; }
  const tintOf = (r: number, g: number, b: number): number => {
    const m = (r + g + b) / 3;
    return (r - m) * cx + (g - m) * cy + (b - m) * cz;
  };
  const out = new Uint8Array(n * 4);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const pa = src[i + 3]!;
    if (pa === 0 || strength[p]! <= tolerance) continue;
    const pr = src[i]!, pg = src[i + 1]!, pb = src[i + 2]!;
    const dr = pr - kr, dg = pg - kg, db = pb - kb;
    const floor = minimalAlpha(dr, dg, db, kr, kg, kb);
    const f = best[p]! * 4;
    const fr = src[f]! - kr, fg = src[f + 1]! - kg, fb = src[f + 2]! - kb;
    const ff = fr * fr + fg * fg + fb * fb;
    let alpha = ff > tolerance * tolerance ? (dr * fr + dg * fg + db * fb) / ff : floor;
    alpha = Math.min(1, Math.max(floor, alpha));
    if (alpha <= 0) continue;
    let r = Math.min(255, Math.max(0, kr + dr / alpha));
    let g = Math.min(255, Math.max(0, kg + dg / alpha));
    let b = Math.min(255, Math.max(0, kb + db / alpha));
    if (hasTint) {
      const allowed = Math.max(0, tintOf(src[f]!, src[f + 1]!, src[f + 2]!));
      const excess = tintOf(r, g, b) - allowed;
      if (excess > 0) {
        r = Math.min(255, Math.max(0, r - cx * excess));
        g = Math.min(255, Math.max(0, g - cy * excess));
        b = Math.min(255, Math.max(0, b - cz * excess));
      }
    }
    out[i] = Math.round(r);
    out[i + 1] = Math.round(g);
    out[i + 2] = Math.round(b);
    out[i + 3] = Math.round(alpha * pa);
  }
  return { data: out, width, height };
}

/** The least alpha for which F = K + (P - K) / alpha stays inside [0, 255] on every channel. */
function minimalAlpha(dr: number, dg: number, db: number, kr: number, kg: number, kb: number): number {
  const one = (d: number, k: number): number => (d > 0 ? d / (255 - k || 1) : d < 0 ? -d / (k || 1) : 0);
  return Math.min(1, Math.max(one(dr, kr), one(dg, kg), one(db, kb)));
}

/**
 * For each pixel, the index of the pixel with the greatest `strength` within `radius` (a square
 * window), as two separable passes of a running maximum that carries the index along.
 */
function strongestNearby(strength: Float32Array, width: number, height: number, radius: number): Int32Array {
  const n = width * height;
  const rowBest = new Int32Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let bi = y * width + x;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++) {
        const j = y * width + k;
        if (strength[j]! > strength[bi]!) bi = j;
      }
      rowBest[y * width + x] = bi;
    }
  }
  const best = new Int32Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let bi = rowBest[y * width + x]!;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++) {
        const j = rowBest[k * width + x]!;
        if (strength[j]! > strength[bi]!) bi = j;
      }
      best[y * width + x] = bi;
    }
  }
  return best;
}

/**
 * The colour that fills most of `img`'s border (at least `share` of its border pixels within
 * `tolerance`), if any: the flat background of an uploaded image that has no alpha.
 */
export function borderColor(img: RawImage, share = 0.6, tolerance = 24): Rgba | undefined {
  checkImage(img, 'image');
  const { width, height, data } = img;
  const counts = new Map<number, { n: number; c: Rgba }>();
  let total = 0;
  const visit = (x: number, y: number): void => {
    const i = (y * width + x) * 4;
    if (data[i + 3]! < 255) return;
    total++;
    // Bucketed by 32 levels a channel, so near-equal colours count together.
    const c = { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: 255 };
    const k = ((c.r >> 5) << 6) | ((c.g >> 5) << 3) | (c.b >> 5);
    const e = counts.get(k);
    if (e) e.n++;
    else counts.set(k, { n: 1, c });
  };
  for (let x = 0; x < width; x++) { visit(x, 0); if (height > 1) visit(x, height - 1); }
  for (let y = 1; y < height - 1; y++) { visit(0, y); if (width > 1) visit(width - 1, y); }
  let top: { n: number; c: Rgba } | undefined;
  for (const e of counts.values()) if (!top || e.n > top.n) top = e;
  if (!top || total === 0) return undefined;
  // Re-count exactly around the winner's first colour, so bucket edges do not split the vote.
  const c = top.c;
  let near = 0;
  const check = (x: number, y: number): void => {
    const i = (y * width + x) * 4;
    if (data[i + 3]! === 255 && Math.hypot(data[i]! - c.r, data[i + 1]! - c.g, data[i + 2]! - c.b) <= tolerance) near++;
  };
  for (let x = 0; x < width; x++) { check(x, 0); if (height > 1) check(x, height - 1); }
  for (let y = 1; y < height - 1; y++) { check(0, y); if (width > 1) check(width - 1, y); }
  return near >= share * total ? c : undefined;
}
