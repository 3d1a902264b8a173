// Connected parts of a mask, found a run at a time: each row's runs of set pixels are joined to the
// runs of the row above that they touch (corners too, unless only sides count), by union-find over
// the runs, so the work follows the runs and not every pixel's neighbours.
import { firstAtLeast, readsAsWords } from './pixelWords.ts';

/** Where and how to read a mask (see componentRuns). */
export interface RunOptions {
  /** Join pixels that touch only at a corner (default true). */
  diagonal?: boolean;
  /** A pixel is set where its byte is at least this (default 1). */
  min?: number;
  /** The window to look in: its left, top, width and height (default the whole mask). */
  window?: { x: number; y: number; width: number; height: number };
  /** Bytes a pixel and which of them is the mask's (default 1 and 0; 4 and 3 read RGBA's alpha). */
  stride?: number;
  offset?: number;
}

export interface ComponentRuns {
  /** The runs in raster order, three numbers each: first x, last x, row (in the window's pixels). */
  runs: Int32Array;
  /** Per run, its part (numbered from 1 in the order a raster scan first meets them). */
  part: Int32Array;
  /** Each part's pixel count (`sizes[0]` is 0). */
  sizes: number[];
  /** Every pixel in a run reads 255 (a GIF's alpha, a binary mask): a part's mask is its runs filled. */
  full: boolean;
}

/** The connected parts of `mask` (`width` x `height` pixels), as runs (see RunOptions). */
export function componentRuns(mask: Uint8Array, width: number, height: number, opts: RunOptions = {}): ComponentRuns {
  const { diagonal = true, min = 1, stride = 1, offset = 0 } = opts;
  const { x: wx, y: wy, width: ww, height: wh } = opts.window ?? { x: 0, y: 0, width, height };
  const found: number[] = [];
  const rowStart = new Int32Array(wh + 1);
  // Every byte read in a run ANDed: 255 at the end when all were.
  let all = 255;
  if (stride === 4 && offset === 3 && readsAsWords(mask)) {
    // An RGBA image's alpha read a pixel's word at a time (alpha its top byte).
    const pairs = mask.byteOffset % 8 === 0 ? new Float64Array(mask.buffer, mask.byteOffset, mask.length >> 3) : undefined;
    all = scanWords(new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2), pairs, width, { x: wx, y: wy, width: ww, height: wh }, min, found, rowStart);
  } else {
    for (let y = 0; y < wh; y++) {
      rowStart[y] = found.length / 3;
      for (let x = 0, i = ((wy + y) * width + wx) * stride + offset; x < ww; x++, i += stride) {
        if (mask[i]! < min) continue;
        const x0 = x;
        all &= mask[i]!;
        while (x + 1 < ww && mask[i + stride]! >= min) x++, i += stride, all &= mask[i]!;
        found.push(x0, x, y);
      }
    }
  }
  const runs = Int32Array.from(found);
  const count = runs.length / 3;
  rowStart[wh] = count;
  const up = new Int32Array(count).map((_, i) => i);
  const root = (i: number): number => {
    while (up[i] !== i) i = up[i] = up[up[i]!]!;
    return i;
  };
  // Runs of neighbouring rows touch when they overlap, or (diagonal) when their ends are a pixel apart.
  const reach = diagonal ? 1 : 0;
  for (let y = 1; y < wh; y++) {
    let a = rowStart[y - 1]!;
    for (let b = rowStart[y]!; b < rowStart[y + 1]!; b++) {
      const b0 = runs[3 * b]!, b1 = runs[3 * b + 1]!;
      while (a < rowStart[y]! && runs[3 * a + 1]! < b0 - reach) a++;
      for (let k = a; k < rowStart[y]! && runs[3 * k]! <= b1 + reach; k++) {
        const ra = root(k), rb = root(b);
        if (ra !== rb) up[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
  }
  // Parts numbered as a raster scan first meets them: runs are in raster order, and a part's
  // smallest run (its root) is its first.
  const part = new Int32Array(count);
  const sizes: number[] = [0];
  for (let i = 0; i < count; i++) {
    const r = root(i);
    if (r === i) { part[i] = sizes.length; sizes.push(0); }
    else part[i] = part[r]!;
    sizes[part[i]!]! += runs[3 * i + 1]! - runs[3 * i]! + 1;
  }
  return { runs, part, sizes, full: all === 255 };
}

/**
 * componentRuns' scan over pixel words (see there), blank pixels passed two at a time with `pairs`
 * (firstAtLeast); returns the AND of the run pixels' alphas.
 */
function scanWords(px: Uint32Array, pairs: Float64Array | undefined, width: number, win: { x: number; y: number; width: number; height: number }, min: number, found: number[], rowStart: Int32Array): number {
  const lo = min * 0x1000000;
  let all = -1;
  for (let y = 0; y < win.height; y++) {
    rowStart[y] = found.length / 3;
    const row = (win.y + y) * width + win.x, end = row + win.width;
    for (let p = firstAtLeast(px, pairs, row, end, lo); p < end; p = firstAtLeast(px, pairs, p + 1, end, lo)) {
      const start = p;
      let v = px[p]!;
      all &= v;
      while (p + 1 < end && (v = px[p + 1]!) >= lo) p++, all &= v;
      found.push(start - row, p - row, y);
    }
  }
  return all >>> 24;
}

/**
 * The connected parts of `mask` (any non-zero byte is set), `width` x `height`: per pixel its part,
 * numbered from 1 in the order a raster scan first meets them (0 where the mask is clear), and each
 * part's pixel count (`sizes[0]` is 0). `diagonal` joins pixels that touch only at a corner.
 */
export function components(mask: Uint8Array, width: number, height: number, diagonal = true): { labels: Int32Array; sizes: number[] } {
  const { runs, part, sizes } = componentRuns(mask, width, height, { diagonal });
  const labels = new Int32Array(width * height);
  for (let i = 0; i < part.length; i++) {
    const row = runs[3 * i + 2]! * width;
    labels.fill(part[i]!, row + runs[3 * i]!, row + runs[3 * i + 1]! + 1);
  }
  return { labels, sizes };
}
