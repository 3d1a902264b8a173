// The figures in a frame's subject mask: a source GIF often shows one character, but a walk GIF of
// four directions shows four, and each is a figure of its own to replace. Figures are the mask's
// connected parts, joined when they lie close (a sword a pixel off the hand, a head over a
// separate body), and tiny leftovers far from any figure are dropped (dust, a stray pixel). Where
// figures of one height stand in a row, one as wide as two is two that touch (shields side by
// side), cut where least of them is.
import type { Box } from '../../kernels/track.ts';
import { median } from '../../kernels/median.ts';
import { componentRuns } from '../../kernels/components.ts';

export interface Figure {
  box: Box;
  /** Opaque pixels. */
  area: number;
}

export interface Figures {
  figures: Figure[];
  /**
   * The figures' solid pixels as runs along rows, four numbers each: first x, last x (inclusive),
   * row, and the index of its figure. Pixels in no run belong to no figure.
   */
  spans: Int32Array;
  /** Every pixel of every run reads 255 in the mask (see ComponentRuns.full). */
  full: boolean;
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

/**
 * The figures of `mask` (`width` x `height`), all of whose solid pixels lie in `box` (the whole mask
 * when not given); `stride` and `offset` read one byte of each pixel's (4 and 3: an RGBA frame's alpha).
 */
export function splitFigures(mask: Uint8Array, width: number, height: number, box: Box = { x: 0, y: 0, width, height }, stride = 1, offset = 0): Figures {
  // The mask's 8-connected parts within the box, in the order a raster scan meets them, as runs,
  // with their boxes and areas.
  const { runs, part, sizes, full } = componentRuns(mask, width, height, { min: SOLID, window: box, stride, offset });
  // Each part's box, [x0, y0, x1, y1] inclusive in the box's pixels.
  const ends = new Int32Array(sizes.length * 4);
  for (let id = 1; id < sizes.length; id++) ends.set([box.width, box.height, -1, -1], id * 4);
  for (let i = 0; i < part.length; i++) {
    const k = part[i]! * 4, x0 = runs[3 * i]!, x1 = runs[3 * i + 1]!, y = runs[3 * i + 2]!;
    if (x0 < ends[k]!) ends[k] = x0;
    if (y < ends[k + 1]!) ends[k + 1] = y;
    if (x1 > ends[k + 2]!) ends[k + 2] = x1;
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
  const figureOf = parts.map((_, i) => index.get(find(i)) ?? -1);
  const spans: number[] = [];
  for (let i = 0; i < part.length; i++) {
    const f = figureOf[part[i]! - 1]!;
    if (f >= 0) spans.push(box.x + runs[3 * i]!, box.x + runs[3 * i + 1]!, box.y + runs[3 * i + 2]!, f);
  }
  return cutTouching({ figures: kept.map(([, g]) => g), spans: Int32Array.from(spans), full });
}

/** Figures as wide as several of their row's others and as tall, cut into that many (see the file comment). */
function cutTouching(found: Figures): Figures {
  const { figures, spans, full } = found;
  if (figures.length < 3) return found;
  const w = median(figures.map((f) => f.box.width)), h = median(figures.map((f) => f.box.height));
  const out = [...figures];
  // Per figure cut, its cut columns (from its box's left, the first 0 and the last its width) and
  // the index each piece takes: the first keeps the figure's, the others take new ones.
  const cutOf = new Map<number, { cuts: number[]; ids: number[] }>();
  figures.forEach((fig, f) => {
    const { x, width: fw, height: fh } = fig.box;
    const pieces = Math.round(fw / w);
    if (pieces < 2 || fh < h * 0.8 || fh > h * 1.25) return;
    // Opaque pixels per column; each cut at the emptiest column near where an even split puts it.
    const count = new Int32Array(fw);
    for (let i = 0; i < spans.length; i += 4) if (spans[i + 3] === f) for (let xx = spans[i]!; xx <= spans[i + 1]!; xx++) count[xx - x]!++;
    const cuts = [0];
    for (let k = 1; k < pieces; k++) {
      const at = Math.round((k * fw) / pieces), reach = Math.round(fw / pieces / 4);
      let best = at;
      for (let c = at - reach; c <= at + reach; c++) if (c > 0 && c < fw && count[c]! < count[best]!) best = c;
      cuts.push(best);
    }
    cuts.push(fw);
    const ids = cuts.slice(0, -1).map((_, k) => (k === 0 ? f : out.push({ box: fig.box, area: 0 }) - 1));
    cutOf.set(f, { cuts, ids });
  });
  if (cutOf.size === 0) return found;
  // The cut figures' runs split at the cuts; each piece's box shrinks to its pixels.
  const ends = new Map<number, [number, number, number, number, number]>();
  const split: number[] = [];
  for (let i = 0; i < spans.length; i += 4) {
    const x0 = spans[i]!, x1 = spans[i + 1]!, y = spans[i + 2]!, f = spans[i + 3]!;
    const cut = cutOf.get(f);
    if (!cut) { split.push(x0, x1, y, f); continue; }
    const left = (figures[f] as Figure).box.x;
    cut.ids.forEach((id, k) => {
      const a = Math.max(x0, left + cut.cuts[k]!), b = Math.min(x1, left + cut.cuts[k + 1]! - 1);
      if (a > b) return;
      split.push(a, b, y, id);
      const e = ends.get(id);
      if (!e) return ends.set(id, [a, y, b, y, b - a + 1]);
      e[0] = Math.min(e[0], a), e[1] = Math.min(e[1], y), e[2] = Math.max(e[2], b), e[3] = Math.max(e[3], y), e[4] += b - a + 1;
    });
  }
  for (const [f, { cuts, ids }] of cutOf) ids.forEach((id, k) => {
    const e = ends.get(id);
    const { x, y, height } = (figures[f] as Figure).box;
    // (A piece with no pixels keeps its strip of the box.)
    out[id] = e ? { box: { x: e[0], y: e[1], width: e[2] - e[0] + 1, height: e[3] - e[1] + 1 }, area: e[4] } : { box: { x: x + cuts[k]!, y, width: cuts[k + 1]! - cuts[k]!, height }, area: 0 };
  });
  return { figures: out, spans: Int32Array.from(split), full };
}
