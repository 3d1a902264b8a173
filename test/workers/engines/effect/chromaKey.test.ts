// Keying a flat background out of an opaque picture: the subject's anti-aliased and soft edges
// must come out with the right alpha and without the background's colour in them (spill).
import { describe, expect, it } from 'vitest';
import { borderColor, chromaKey } from '../../../../workers/engines/effect/chromaKey.ts';
import { flattenOnto } from '../../../../workers/engines/effect/flatten.ts';
import type { Rgba } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';

const hex = (h: string): Rgba => ({ r: parseInt(h.slice(1, 3), 16), g: parseInt(h.slice(3, 5), 16), b: parseInt(h.slice(5, 7), 16), a: 255 });

/** The API's background colours (schemas/effect.ts). */
const KEYS: [string, string][] = [
  ['white', '#FFFFFF'], ['chroma_green', '#52FF60'], ['magenta', '#FF4CFF'],
  ['light_gray', '#A6A6A6'], ['light_purple', '#866CFE'], ['dark_gray', '#6A6A6A'],
];

/**
 * A subject on transparency: an orange disc with a one-pixel anti-aliased edge, a bar (white
 * unless told) with a soft 3-pixel edge, and a red square with hard edges. `alpha` is the true coverage per pixel.
 */
function subject(bar: readonly number[] = [250, 250, 250]): { img: RawImage; alpha: Float32Array } {
  const w = 48, h = 40;
  const img: RawImage = { data: new Uint8Array(w * h * 4), width: w, height: h };
  const alpha = new Float32Array(w * h);
  const put = (x: number, y: number, c: readonly number[], a: number) => {
    const k = y * w + x;
    if (a <= alpha[k]!) return;
    alpha[k] = a;
    img.data.set([c[0]!, c[1]!, c[2]!, Math.round(a * 255)], k * 4);
  };
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const d = Math.hypot(x + 0.5 - 14, y + 0.5 - 14) - 9;
    put(x, y, [255, 140, 20], Math.max(0, Math.min(1, 0.5 - d)));
    const e = Math.abs(y + 0.5 - 30) - 2;
    if (x >= 6 && x < 42) put(x, y, bar, Math.max(0, Math.min(1, 1 - e / 3)));
    if (x >= 30 && x < 40 && y >= 6 && y < 16) put(x, y, [200, 20, 30], 1);
  }
  return { img, alpha };
}

const dist = (d: Uint8Array, i: number, c: Rgba) => Math.hypot(d[i]! - c.r, d[i + 1]! - c.g, d[i + 2]! - c.b);

describe('chromaKey', () => {
  it.each(KEYS)('on %s: background gone, subject kept, edges unmixed, no fringe, composites back', (_name, color) => {
    const key = hex(color);
    // A white bar on white would be the background itself: there it is navy.
    const { img, alpha } = subject(color === '#FFFFFF' ? [30, 40, 110] : [250, 250, 250]);
    const opaque = flattenOnto(img, key);
    const keyed = chromaKey(opaque, key, { tolerance: 4 });
    const back = flattenOnto(keyed, key);
    let edges = 0;
    for (let p = 0; p < alpha.length; p++) {
      const i = p * 4;
      const a = keyed.data[i + 3]!;
      // Over the key again it is the picture it came from.
      for (let c = 0; c < 3; c++) expect(Math.abs(back.data[i + c]! - opaque.data[i + c]!)).toBeLessThanOrEqual(5);
      if (alpha[p] === 0) expect(a).toBe(0);
      if (alpha[p] === 1) {
        expect(a).toBe(255);
        for (let c = 0; c < 3; c++) expect(Math.abs(keyed.data[i + c]! - img.data[i + c]!)).toBeLessThanOrEqual(2);
      }
      if (a > 0) {
        // Nothing left that looks like the background (every subject colour is far from every key).
        expect(dist(keyed.data, i, key)).toBeGreaterThan(60);
      }
      if (alpha[p]! > 0.15 && alpha[p]! < 0.85) {
        edges++;
        expect(Math.abs(a / 255 - alpha[p]!)).toBeLessThan(0.2);
      }
    }
    expect(edges).toBeGreaterThan(40);
  });

  it('removes green spill from a white edge (the edge is white, not pale green)', () => {
    const key = hex('#52FF60');
    const { img } = subject();
    const keyed = chromaKey(flattenOnto(img, key), key);
    const d = keyed.data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]! === 0) continue;
      expect(d[i + 1]! - Math.max(d[i]!, d[i + 2]!)).toBeLessThanOrEqual(12);
    }
  });

  it.each([
    [() => chromaKey({ data: new Uint8Array(3), width: 1, height: 1 }, hex('#000000')), 'Expected 4 bytes (1x1 RGBA) for image but received 3'],
    [() => chromaKey({ data: new Uint8Array(4), width: 1, height: 1 }, hex('#000000'), { radius: 100 }), 'Expected integer between 0 and 64 for radius but received 100'],
  ])('checks its inputs first (%#)', (call, message) => {
    expect(call).toThrow(message);
  });
});

describe('borderColor', () => {
  it.each(KEYS)('finds a flat %s backdrop, and nothing on transparency or a busy border', (_name, color) => {
    const key = hex(color);
    const { img } = subject();
    expect(borderColor(flattenOnto(img, key))).toEqual(key);
    expect(borderColor(img)).toBeUndefined();
    const busy: RawImage = { data: new Uint8Array(16 * 16 * 4), width: 16, height: 16 };
    for (let i = 0; i < busy.data.length; i += 4) busy.data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i);
    expect(borderColor(busy)).toBeUndefined();
  });
});
