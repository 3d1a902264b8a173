import { describe, expect, it } from 'vitest';
import { generateImage } from '../../../workers/engines/image.ts';
import { averageColor } from '../../../workers/kernels/recolor.ts';
import { solid } from '../images.ts';
import type { RawImage } from '../../../workers/types.ts';

function mirrored(img: RawImage): boolean {
  for (let y = 0; y < img.height; y += 7) {
    for (let x = 0; x < img.width / 2; x += 3) {
      const a = (y * img.width + x) * 4;
      const b = (y * img.width + (img.width - 1 - x)) * 4;
      for (let c = 0; c < 4; c++) if (img.data[a + c] !== img.data[b + c]) return false;
    }
  }
  return true;
}

describe('generateImage', () => {
  it('is a symmetric sprite on transparency, seeded', () => {
    const a = generateImage({ prompt: 'a beetle', refs: [], seed: 'one' });
    expect([a.width, a.height]).toEqual([1024, 1024]);
    expect(mirrored(a)).toBe(true);
    expect(a.data[3]).toBe(0);
    // Buffer.compare: vitest's deep equality walks 4 MB element by element (seconds).
    const same = (b: RawImage): boolean => Buffer.compare(a.data, b.data) === 0;
    expect(same(generateImage({ prompt: 'a beetle', refs: [], seed: 'one' }))).toBe(true);
    expect(same(generateImage({ prompt: 'a beetle', refs: [], seed: 'two' }))).toBe(false);
  });

  it.each([
    ['a golden idol', [], (c: { r: number; b: number }) => c.r > c.b + 60],
    ['a blue slime', [], (c: { r: number; b: number }) => c.b > c.r + 40],
    ['anything', [solid(4, 4, [0, 200, 0, 255])], (c: { g: number; r: number }) => c.g > c.r + 60],
  ])('%s takes its colour from words or refs', (prompt, refs, check) => {
    expect(check(averageColor(generateImage({ prompt, refs, seed: 'x' })))).toBe(true);
  });
});
