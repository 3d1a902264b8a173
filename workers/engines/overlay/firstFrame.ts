// A character image that is a strip or a sheet of the character's frames (a walk cycle, as artists
// keep them) stands for one character: its first frame. Fitting the whole strip into a pose cell
// squeezed every frame into it, a row of thin stripes.
import type { RawImage } from '../../types.ts';
import { crop } from '../../kernels/compose.ts';
import type { Box } from '../../kernels/track.ts';
import { detectGrid, profiles, spriteMask } from './gridDetect.ts';
import { profileRuns } from './periodicity.ts';

/**
 * Frames a strip must show: two alike figures side by side can be a pair (a character and its
 * shadow, a rider and mount), three or more in a regular grid are frames.
 */
const MIN_FRAMES = 3;

/**
 * `img`'s first frame when it is a regular grid of at least MIN_FRAMES sprites, apart from each other
 * along every axis that has several cells (a run of sprite pixels per cell, with clear space
 * between); else `img` itself. Apart, because the grid of one whole figure (or of touching frames)
 * is a guess that would cut a character into slices.
 */
export function firstFrame(img: RawImage): RawImage {
  const grid = detectGrid(img);
  if (grid.background.kind === 'none' || !grid.regular) return img;
  const mask = spriteMask(img, grid.background);
  const { cols, rows } = profiles(mask, img.width, 0, img.width, 0, img.height);
  if ((grid.columns > 1 && profileRuns(cols).length < grid.columns) || (grid.rows > 1 && profileRuns(rows).length < grid.rows)) return img;
  const filled = grid.cells.flat().filter((c) => holdsSprite(mask, img.width, c));
  if (filled.length < MIN_FRAMES) return img;
  const first = filled[0]!;
  return crop(img, first.x, first.y, first.width, first.height);
}

function holdsSprite(mask: Uint8Array, width: number, box: Box): boolean {
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) if (mask[y * width + x]) return true;
  return false;
}
