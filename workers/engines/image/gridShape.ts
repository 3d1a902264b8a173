// A shape from a grid of signed distances, sampled bicubically: how masks (creatures, reference
// silhouettes, heraldic devices) join the world of drawn shapes.
import type { Box, Shape } from './shapes.ts';

/** Catmull-Rom weights for fraction t of the way between the middle two of four samples. */
function cubicWeights(t: number, w: Float64Array): void {
  const t2 = t * t, t3 = t2 * t;
  w[0] = -0.5 * t3 + t2 - 0.5 * t;
  w[1] = 1.5 * t3 - 2.5 * t2 + 1;
  w[2] = -1.5 * t3 + 2 * t2 + 0.5 * t;
  w[3] = 0.5 * t3 - 0.5 * t2;
}

/**
 * A shape from a grid of signed distances (cell units, < 0 inside), sampled with Catmull-Rom
 * (bicubic) interpolation so its edge and its shading are smooth across cells: how masks
 * (creatures, reference silhouettes) join the shape world. The grid spans `bounds`; outside it the
 * distance keeps growing with the distance to the grid.
 */
export function gridShape(grid: Float32Array, width: number, height: number, bounds: Box): Shape {
  if (grid.length !== width * height) throw new RangeError(`Expected ${width * height} grid cells but received ${grid.length}`);
  if (width < 2 || height < 2) throw new RangeError(`Expected a grid of at least 2x2 but received ${width}x${height}`);
  const sx = (bounds.x1 - bounds.x0) / width, sy = (bounds.y1 - bounds.y0) / height;
  const unit = Math.min(sx, sy);
  const wx = new Float64Array(4), wy = new Float64Array(4);
  // Past the border, cells continue the border's slope: a distance field stays linear there.
  const cell = (i: number, j: number): number => {
    if (i < 0) return 2 * cell(0, j) - cell(1, j);
    if (i >= width) return 2 * cell(width - 1, j) - cell(width - 2, j);
    if (j < 0) return 2 * cell(i, 0) - cell(i, 1);
    if (j >= height) return 2 * cell(i, height - 1) - cell(i, height - 2);
    return grid[j * width + i] as number;
  };
  return {
    d(x, y) {
      const fx = (x - bounds.x0) / sx - 0.5, fy = (y - bounds.y0) / sy - 0.5;
      const cx = Math.max(0, Math.min(width - 1, fx)), cy = Math.max(0, Math.min(height - 1, fy));
      const ix = Math.min(width - 2, Math.floor(cx)), iy = Math.min(height - 2, Math.floor(cy));
      cubicWeights(cx - ix, wx);
      cubicWeights(cy - iy, wy);
      let v = 0;
      if (ix >= 1 && iy >= 1 && ix + 2 < width && iy + 2 < height) {
        // Inside: read the 4x4 neighbourhood directly.
        for (let j = 0; j < 4; j++) {
          const row = (iy - 1 + j) * width + ix - 1;
          v += (wy[j] as number) * ((wx[0] as number) * (grid[row] as number) + (wx[1] as number) * (grid[row + 1] as number) + (wx[2] as number) * (grid[row + 2] as number) + (wx[3] as number) * (grid[row + 3] as number));
        }
      } else {
        for (let j = 0; j < 4; j++) {
          let r = 0;
          for (let i = 0; i < 4; i++) r += (wx[i] as number) * cell(ix - 1 + i, iy - 1 + j);
          v += (wy[j] as number) * r;
        }
      }
      const ex = fx - cx, ey = fy - cy;
      return v * unit + Math.sqrt(ex * ex + ey * ey) * unit;
    },
    box: bounds,
  };
}
