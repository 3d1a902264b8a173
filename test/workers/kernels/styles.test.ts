// Overlay styles as kernels: chibi proportions, the three-quarter skew, cel shading with an
// outline, the pixel finish; the row warp under them; the palette for the pixel finish.
import { describe, expect, it } from 'vitest';
import { chibi, neckRow, outline, pixelFinish, posterize, quarterView } from '../../../workers/kernels/styles.ts';
import { warpRows } from '../../../workers/kernels/warpRows.ts';
import { imagePalette } from '../../../workers/kernels/quantize.ts';
import { usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { opaqueBounds } from '../../../workers/kernels/compose.ts';
import { cutout } from '../../../workers/kernels/cutout.ts';
import type { RawImage } from '../../../workers/types.ts';
import { hero, pixelKnight } from '../../fixtures/sprites.ts';

/** Opaque pixels per row. */
const widths = (img: RawImage): number[] =>
  Array.from({ length: img.height }, (_, y) => Array.from({ length: img.width }, (_, x) => img.data[(y * img.width + x) * 4 + 3] ?? 0).filter((a) => a >= 128).length);

describe('warpRows', () => {
  it.each(['nearest', 'smooth'] as const)('identity mapping reproduces the image (%s)', (mode) => {
    const k = pixelKnight();
    expect(warpRows(k, 32, 32, (y) => ({ srcY: y, scaleX: 1, srcCx: 0, dstCx: 0 }), mode)).toEqual(k);
  });
});

describe('styles', () => {
  const h = cutout(hero(96));

  it('finds the neck under the head', () => {
    const n = neckRow(h) / h.height;
    expect(n).toBeGreaterThan(0.3);
    expect(n).toBeLessThan(0.5);
  });

  it('sd: shorter overall, head wider, feet still at the bottom', () => {
    const sd = chibi(h, 'smooth');
    expect(sd.height).toBeLessThan(h.height * 0.9);
    const headRow = Math.round(neckRow(h) * 0.5);
    expect(widths(sd)[Math.round(headRow * 1.3)] ?? 0).toBeGreaterThan((widths(h)[headRow] ?? 0) * 1.2);
    const b = opaqueBounds(sd, 127);
    expect(b && b.y + b.height).toBe(sd.height);
  });

  it('quater_view: feet in place, top shifted right, narrower rows', () => {
    const q = quarterView(h, 'smooth');
    expect(q.height).toBe(h.height);
    const rowCentre = (img: RawImage, y: number): number => {
      let s = 0, n = 0;
      for (let x = 0; x < img.width; x++) if ((img.data[(y * img.width + x) * 4 + 3] ?? 0) >= 128) (s += x), n++;
      return s / n;
    };
    expect(rowCentre(q, 5) - rowCentre(q, h.height - 3)).toBeGreaterThan(h.height * 0.12);
    expect(Math.max(...widths(q))).toBeLessThan(Math.max(...widths(h)));
  });

  it('cartoon: a dark outline around, value in four bands', () => {
    const o = outline(posterize(h), 2);
    expect([o.width, o.height]).toEqual([h.width + 6, h.height + 6]);
    const b = opaqueBounds(o, 127);
    expect(b).toEqual({ x: 1, y: 1, width: h.width + 4, height: h.height + 4 });
    const values = new Set<number>();
    const p = posterize(h);
    for (let i = 0; i < p.data.length; i += 4) if (p.data[i + 3] === 255) values.add(Math.max(p.data[i] ?? 0, p.data[i + 1] ?? 0, p.data[i + 2] ?? 0) >> 3);
    expect(values.size).toBeLessThanOrEqual(6);
  });

  it.each([['pixel art keeps its own colours', pixelKnight()], ['smooth art gets 16 colours', hero(48)]])('pixel finish: %s, alpha binary', (_name, img) => {
    const palette = imagePalette(img, 16);
    expect(palette.length).toBeLessThanOrEqual(17);
    const out = pixelFinish(img, palette);
    expect(usesOnlyPalette(out, palette)).toBe(true);
    expect(out.data.every((v, i) => i % 4 !== 3 || v === 0 || v === 255)).toBe(true);
  });
});
