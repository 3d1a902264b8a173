// An arm drawn across the body in outlined (cartoon) art: found between its lines, swung free of
// the body, and the body under it painted in, so a raised arm leaves shirt behind, not a hole.
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../../workers/types.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';

type Rgba = [number, number, number, number];
const BLACK: Rgba = [12, 12, 16, 255], SHIRT: Rgba = [40, 90, 200, 255], SLEEVE: Rgba = [150, 200, 255, 255], SKIN: Rgba = [240, 190, 150, 255];

function paint(img: RawImage, inside: (x: number, y: number) => boolean, c: Rgba): void {
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (inside(x + 0.5, y + 0.5)) img.data.set(c, (y * img.width + x) * 4);
}
const ellipse = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const rect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;
/** Points within `r` of the segment a-b. */
const capsule = (ax: number, ay: number, bx: number, by: number, r: number) => (x: number, y: number) => {
  const vx = bx - ax, vy = by - ay, t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
  return Math.hypot(x - ax - t * vx, y - ay - t * vy) <= r;
};

/** A chibi drawn as cartoon art is: flat fills inside thick dark lines, its near arm across its belly. */
function cartoonChibi(): RawImage {
  const img: RawImage = { width: 160, height: 200, data: new Uint8Array(160 * 200 * 4) };
  paint(img, rect(56, 140, 76, 192), BLACK); paint(img, rect(60, 140, 72, 188), [110, 70, 40, 255]); // legs
  paint(img, rect(86, 140, 106, 192), BLACK); paint(img, rect(90, 140, 102, 188), [110, 70, 40, 255]);
  paint(img, ellipse(80, 115, 42, 34), BLACK); paint(img, ellipse(80, 115, 38, 30), SHIRT); // body
  paint(img, capsule(50, 98, 86, 138, 11), BLACK); paint(img, capsule(50, 98, 86, 138, 7), SLEEVE); // near arm
  paint(img, ellipse(92, 145, 9, 9), BLACK); paint(img, ellipse(92, 145, 6, 6), SKIN); // its hand
  paint(img, ellipse(80, 48, 44, 40), BLACK); paint(img, ellipse(80, 48, 40, 36), SKIN); // head
  return img;
}

const isSleeve = (d: Uint8Array, i: number): boolean => d[i + 3]! > 128 && d[i]! > 120 && d[i + 2]! > 220;
const isShirt = (d: Uint8Array, i: number): boolean => d[i + 3]! > 128 && d[i]! < 90 && d[i + 2]! > 150;

describe('an arm drawn across the body', () => {
  it('is found between its lines, from the shoulder at the body\'s edge to its hand', () => {
    const { rig, layers } = rigSubject(cartoonChibi(), false)!;
    const arm = rig.bones[rig.index.armL!]!, lower = rig.bones[rig.index.armLLower!]!;
    expect(Math.hypot(arm.head.x - 50, arm.head.y - 98)).toBeLessThan(12);
    expect(Math.hypot(lower.tail.x - 94, lower.tail.y - 148)).toBeLessThan(12);
    // Under the sleeve's middle the body is painted in with the shirt.
    const i = (118 * 160 + 68) * 4;
    expect(isSleeve(cartoonChibi().data, i)).toBe(true);
    expect(isShirt(layers!.under.data, i)).toBe(true);
    expect(layers!.over.data[i + 3]).toBe(255);
  });

  it('swung out, leaves shirt where it lay', () => {
    const start = cartoonChibi();
    const r = animate({ start, text: 'wave', frames: 24, isPixel: false, seed: 'arm' });
    const at = (f: RawImage, x: number, y: number) => ((y + r.start.y) * f.width + x + r.start.x) * 4;
    const sleeveX = (f: RawImage): number => {
      let sum = 0, n = 0;
      for (let y = 0; y < f.height; y++) for (let x = 0; x < f.width; x++) if (isSleeve(f.data, (y * f.width + x) * 4)) { sum += x - r.start.x; n++; }
      return sum / n;
    };
    const rest = sleeveX(r.frames[0]!);
    const out = r.frames.reduce((best, f) => (sleeveX(f) < sleeveX(best) ? f : best));
    expect(sleeveX(out)).toBeLessThan(rest - 20);
    // Where the sleeve crossed the belly the body shows its shirt, not a hole or the sleeve.
    expect(isShirt(out.data, at(out, 68, 118))).toBe(true);
  });
});
