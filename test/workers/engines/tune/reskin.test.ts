// Reskin on real sprites: the description's material and colours, each style applied for real
// (measured against the same reskin without it), fitted into the square on transparency; a
// description it cannot read and no style fails, saying what it knows.
import { describe, expect, it } from 'vitest';
import { reskin, ReskinError } from '../../../../workers/engines/tune/reskin.ts';
import type { ReskinStyle } from '../../../../workers/engines/tune/reskin.ts';
import { opaqueBounds } from '../../../../workers/kernels/compose.ts';
import { extractPalette } from '../../../../workers/kernels/palette.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { still } from '../../../fixtures/realSprites.ts';

const SIDE = 512;
const run = (name: string, description: string, style?: ReskinStyle) => reskin({ image: still(name).image, description, style, side: SIDE, seed: 'reskin' });
const box = (img: RawImage) => opaqueBounds(img)!;
/** Mean x of the opaque pixels in rows [y0, y1). */
function meanX(img: RawImage, y0: number, y1: number): number {
  let s = 0, n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < img.width; x++) if (img.data[(y * img.width + x) * 4 + 3]! >= 128) { s += x; n++; }
  return s / n;
}
const opaque = (img: RawImage): number[] => {
  const out: number[] = [];
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3]! >= 128) out.push(i);
  return out;
};

describe('reskin', () => {
  it('fits the sprite into the square on transparency, as large as it goes', async () => {
    const { image } = await run('adventurer-front', 'golden');
    expect([image.width, image.height]).toEqual([SIDE, SIDE]);
    expect(image.data[3]).toBe(0);
    const b = box(image);
    expect(Math.max(b.width, b.height)).toBeGreaterThanOrEqual(SIDE - 4);
  });

  it('"golden": the sprite turns gold (its colours move to a gold hue)', async () => {
    const { image, plan } = await run('adventurer-front', 'change the armor to golden');
    expect(plan.look?.material).toBe('gold');
    const hues = opaque(image).filter((_, k) => k % 7 === 0).map((i) => toHsl({ r: image.data[i]!, g: image.data[i + 1]!, b: image.data[i + 2]!, a: 255 }));
    const gold = hues.filter((c) => c.s > 0.2 && c.h >= 25 && c.h <= 60).length / hues.length;
    expect(gold).toBeGreaterThan(0.6);
  });

  it('pixel: at most 16 colours, hard alpha, and blocks (far fewer distinct rows than pixels)', async () => {
    const { image, plan } = await run('adventurer-front', 'blue', 'pixel');
    expect(plan.style).toBe('pixel');
    expect(extractPalette([image], 17)).not.toBeNull();
    for (let i = 3; i < image.data.length; i += 4) expect(image.data[i] === 0 || image.data[i] === 255).toBe(true);
    // Rows repeat in blocks: 512 px rows from a 64-pixel grid.
    let distinct = 0;
    for (let y = 1; y < SIDE; y++) if (!image.data.subarray(y * SIDE * 4, (y + 1) * SIDE * 4).every((v, i) => v === image.data[(y - 1) * SIDE * 4 + i])) distinct++;
    expect(distinct).toBeLessThanOrEqual(80);
  });

  it('cartoon: a dark outline all round the silhouette', async () => {
    const { image } = await run('adventurer-front', 'red', 'cartoon');
    let edge = 0, dark = 0;
    for (let y = 1; y < SIDE - 1; y++) for (let x = 1; x < SIDE - 1; x++) {
      const i = (y * SIDE + x) * 4;
      if (image.data[i + 3]! < 200 || image.data[i - 4 + 3]! >= 64) continue; // opaque pixels just right of (nearly) clear ones
      edge++;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 150) dark++;
    }
    expect(edge).toBeGreaterThan(50);
    expect(dark / edge).toBeGreaterThan(0.8);
  });

  it('sd: chibi proportions, squatter than the same reskin without the style', async () => {
    const plain = box((await run('adventurer-front', 'fire')).image);
    const sd = box((await run('adventurer-front', 'fire', 'sd')).image);
    expect(sd.height / sd.width).toBeLessThan(0.9 * (plain.height / plain.width));
  });

  it('quater_view: the figure skewed, its top shifted against its feet', async () => {
    const plainImg = (await run('skeleton-side', 'green')).image;
    const qvImg = (await run('skeleton-side', 'green', 'quater_view')).image;
    const lean = (img: RawImage) => { const b = box(img); return meanX(img, b.y, b.y + b.height / 4) - meanX(img, b.y + (3 * b.height) / 4, b.y + b.height); };
    expect(Math.abs(lean(qvImg) - lean(plainImg))).toBeGreaterThan(0.04 * SIDE);
  });

  it('a description with nothing it knows and no style fails, listing what it knows', async () => {
    await expect(run('knight-side', 'make it awesome')).rejects.toThrow(ReskinError);
    await expect(run('knight-side', 'make it awesome')).rejects.toThrow(/knows materials \(gold, silver, .*\) and colour names/);
    // With a style the words may be anything: the style is the change.
    expect((await run('knight-side', 'make it awesome', 'cartoon')).plan.look).toBeNull();
  });
});
