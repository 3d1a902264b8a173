// Connected parts of a mask, found a run at a time: each row's runs of set pixels are joined to the
// runs of the row above that they touch (corners too, unless only sides count), by union-find over
// the runs, so the work follows the runs and not every pixel's neighbours.

/**
 * The connected parts of `mask` (any non-zero byte is set), `width` x `height`: per pixel its part,
 * numbered from 1 in the order a raster scan first meets them (0 where the mask is clear), and each
 * part's pixel count (`sizes[0]` is 0). `diagonal` joins pixels that touch only at a corner.
 */
export function components(mask: Uint8Array, width: number, height: number, diagonal = true): { labels: Int32Array; sizes: number[] } {
  // The runs, three numbers each: first x, last x, row.
  const runs: number[] = [];
  const rowStart = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rowStart[y] = runs.length / 3;
    for (let x = 0, p = y * width; x < width; x++) {
      if (!mask[p + x]) continue;
      const x0 = x;
      while (x + 1 < width && mask[p + x + 1]) x++;
      runs.push(x0, x, y);
    }
  }
  const count = runs.length / 3;
  rowStart[height] = count;
  const up = new Int32Array(count).map((_, i) => i);
  const root = (i: number): number => {
    while (up[i] !== i) i = up[i] = up[up[i]!]!;
    return i;
  };
  // Runs of neighbouring rows touch when they overlap, or (diagonal) when their ends are a pixel apart.
  const reach = diagonal ? 1 : 0;
  for (let y = 1; y < height; y++) {
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
  const labels = new Int32Array(width * height);
  const idOf = new Int32Array(count);
  const sizes: number[] = [0];
  for (let i = 0; i < count; i++) {
    const r = root(i);
    if (r === i) { idOf[i] = sizes.length; sizes.push(0); }
    const id = idOf[r]!;
    const x0 = runs[3 * i]!, x1 = runs[3 * i + 1]!, row = runs[3 * i + 2]! * width;
    labels.fill(id, row + x0, row + x1 + 1);
    sizes[id]! += x1 - x0 + 1;
  }
  return { labels, sizes };
}
