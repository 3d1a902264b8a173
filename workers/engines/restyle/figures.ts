// The figures in a frame's subject mask: a source GIF often shows one character, but a walk GIF of
// four directions shows four, and each is a figure of its own to replace. Figures are the mask's
// connected parts, joined when they lie close (a sword a pixel off the hand, a head over a
// separate body), and tiny leftovers far from any figure are dropped (dust, a stray pixel). Where
// figures of one height stand in a row, one as wide as two is two that touch (shields side by
// side), cut where least of them is.
import type { Box } from '../../kernels/track.ts';
import { median } from '../../kernels/median.ts';
import { components } from '../../kernels/components.ts';

export interface Figure {
  box: Box;
  /** Opaque pixels. */
  area: number;
}

export interface Figures {
  figures: Figure[];
  /** Per pixel of `box` (the box searched), the index of its figure, or -1. */
  of: Int16Array;
  box: Box;
}

// Mask values from which a pixel is part of a figure (as for the tracked box).
const SOLID = 64;
// Parts closer than this share of the tallest part's height (and at least 2 px) are one figure: a
// sheet's or GIF's figures often stand only 3 or 4 px apart.
const JOIN = 0.06;
// Parts with fewer pixels than this share of the largest figure's are dust.
const DUST = 0.08;
// Past this many parts the mask is noise, not figures: it is taken whole.
const MAX_PARTS = 256;

/** The figures of `mask` (`width` x `height`), all of whose solid pixels lie in `box` (the whole mask when not given). */
export function splitFigures(mask: Uint8Array, width: number, height: number, box: Box = { x: 0, y: 0, width, height }): Figures {
  // The mask's 8-connected parts within the box, in the order a raster scan meets them, with
  // their boxes and areas.
  const solid = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) for (let x = 0, p = (box.y + y) * width + box.x; x < box.width; x++) solid[y * box.width + x] = mask[p + x]! >= SOLID ? 1 : 0;
  const { labels, sizes } = components(solid, box.width, box.height);
  // Each part's box, [x0, y0, x1, y1] inclusive in the box's pixels.
  const ends = new Int32Array(sizes.length * 4);
  for (let id = 1; id < sizes.length; id++) ends.set([box.width, box.height, -1, -1], id * 4);
  for (let y = 0; y < box.height; y++) for (let x = 0; x < box.width; x++) {
    const k = labels[y * box.width + x]! * 4;
    if (k === 0) continue;
    if (x < ends[k]!) ends[k] = x;
    if (y < ends[k + 1]!) ends[k + 1] = y;
    if (x > ends[k + 2]!) ends[k + 2] = x;
    ends[k + 3] = y;
  }
  const parts: (Box & { area: number })[] = sizes.slice(1).map((area, i) => {
    const k = (i + 1) * 4;
    return { x: box.x + ends[k]!, y: box.y + ends[k + 1]!, width: ends[k + 2]! - ends[k]! + 1, height: ends[k + 3]! - ends[k + 1]! + 1, area };
  });
  // Close parts joined (union-find over the parts' boxes grown by the joining gap).
  const whole = parts.length > MAX_PARTS;
  const root = parts.map((_, i) => (whole ? 0 : i));
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i]!)));
  if (!whole) {
    const gap = Math.max(2, JOIN * Math.max(0, ...parts.map((b) => b.height)));
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!, b = parts[j]!;
      const apart = Math.max(a.x - (b.x + b.width), b.x - (a.x + a.width), a.y - (b.y + b.height), b.y - (a.y + a.height));
      if (apart < gap) root[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Figure>();
  parts.forEach((b, i) => {
    const g = groups.get(find(i));
    if (!g) return groups.set(find(i), { box: { x: b.x, y: b.y, width: b.width, height: b.height }, area: b.area });
    const x1 = Math.max(g.box.x + g.box.width, b.x + b.width), y1 = Math.max(g.box.y + g.box.height, b.y + b.height);
    g.box.x = Math.min(g.box.x, b.x);
    g.box.y = Math.min(g.box.y, b.y);
    g.box.width = x1 - g.box.x;
    g.box.height = y1 - g.box.y;
    g.area += b.area;
  });
  const largest = Math.max(0, ...[...groups.values()].map((g) => g.area));
  const kept = [...groups.entries()].filter(([, g]) => g.area >= largest * DUST);
  const index = new Map(kept.map(([r], k) => [r, k]));
  const of = new Int16Array(box.width * box.height).fill(-1);
  const figureOf = parts.map((_, i) => index.get(find(i)) ?? -1);
  for (let p = 0; p < of.length; p++) {
    const id = labels[p]!;
    if (id > 0) of[p] = figureOf[id - 1]!;
  }
  return cutTouching({ figures: kept.map(([, g]) => g), of, box }, mask, width);
}

/** Figures as wide as several of their row's others and as tall, cut into that many (see the file comment). */
function cutTouching(found: Figures, mask: Uint8Array, width: number): Figures {
  const { figures, of, box: within } = found;
  if (figures.length < 3) return found;
  // `of` covers `within` only.
  const at = (xx: number, yy: number): number => (yy - within.y) * within.width + xx - within.x;
  const w = median(figures.map((f) => f.box.width)), h = median(figures.map((f) => f.box.height));
  const out = [...figures];
  figures.forEach((fig, f) => {
    const { x, y, width: fw, height: fh } = fig.box;
    const pieces = Math.round(fw / w);
    if (pieces < 2 || fh < h * 0.8 || fh > h * 1.25) return;
    // Opaque pixels per column; each cut at the emptiest column near where an even split puts it.
    const count = new Int32Array(fw);
    for (let yy = y; yy < y + fh; yy++) for (let xx = 0; xx < fw; xx++) if (of[at(x + xx, yy)] === f) count[xx]!++;
    const cuts = [0];
    for (let k = 1; k < pieces; k++) {
      const at = Math.round((k * fw) / pieces), reach = Math.round(fw / pieces / 4);
      let best = at;
      for (let c = at - reach; c <= at + reach; c++) if (c > 0 && c < fw && count[c]! < count[best]!) best = c;
      cuts.push(best);
    }
    cuts.push(fw);
    // The first piece keeps the figure's index, the others take new ones; each box shrinks to its pixels.
    for (let k = 0; k < pieces; k++) {
      const id = k === 0 ? f : out.length;
      let area = 0, x0 = Infinity, x1 = -1, y0 = Infinity, y1 = -1;
      for (let yy = y; yy < y + fh; yy++) for (let xx = x + cuts[k]!; xx < x + cuts[k + 1]!; xx++) {
        const p = at(xx, yy);
        if (of[p] !== f) continue;
        of[p] = id;
        area++;
        if (mask[yy * width + xx]! < SOLID) continue;
        x0 = Math.min(x0, xx), x1 = Math.max(x1, xx), y0 = Math.min(y0, yy), y1 = yy;
      }
      // (A piece of only faint pixels keeps its strip of the box.)
      const box = x1 < 0 ? { x: x + cuts[k]!, y, width: cuts[k + 1]! - cuts[k]!, height: fh } : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
      out[id] = { box, area };
    }
  });
  return { figures: out, of, box: within };
}
