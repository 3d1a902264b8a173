// Where a standing figure's legs part: the gap between them, read up from the feet, even when the
// soles touch, a soft bottom edge leaves a notch of its own under them, or one foot is lower.
import { describe, expect, it } from 'vitest';
import { shapeOf } from '../../../../workers/engines/rig/humanoid.ts';
import { silhouetteOf } from '../../../../workers/engines/rig/silhouette.ts';
import type { RawImage } from '../../../../workers/types.ts';

/**
 * A 60 x 100 block figure: body down to row 70, two legs parted from row 70 to 96, soles joined
 * below; `lower` more rows of the right foot only under them (a foot drawn a little lower).
 */
function legs(notch: boolean, lower = 0): RawImage {
  const width = 80, height = 110;
  const data = new Uint8Array(width * height * 4);
  const fill = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set([90, 60, 40, 255], (y * width + x) * 4);
  };
  fill(10, 0, 70, 70);
  fill(12, 70, 38, 100);
  fill(42, 70, 68, 100);
  fill(38, 96, 42, 100);
  if (notch) for (let x = 30; x < 36; x++) data[(99 * width + x) * 4 + 3] = 0;
  fill(42, 100, 68, 100 + lower);
  return { width, height, data };
}

describe('the crotch of a standing figure', () => {
  it.each([false, true])('is where the legs part when the soles touch (notch under them: %s)', (notch) => {
    const image = legs(notch);
    const shape = shapeOf(silhouetteOf(image, { x: 10, y: 0, width: 60, height: 100 }));
    expect(shape.crotchY).toBe(70);
    expect(shape.gapX[80]).toBeCloseTo(40, 0);
  });

  // The feet's middle was read from the lowest two rows: one foot's middle, too far from the gap.
  it('is where the legs part when one foot is drawn two rows lower than the other', () => {
    const shape = shapeOf(silhouetteOf(legs(false, 2), { x: 10, y: 0, width: 60, height: 102 }));
    expect(shape.crotchY).toBe(70);
  });
});
