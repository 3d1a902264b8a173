// Upscaling: pixel art into crisp blocks of its own colours, painted art smoothly, a cartoon's
// anti-aliased outline kept a narrow edge, transparency kept, the longest side exactly as asked.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { antialiasedEdge, isPixelArt, upscale } from '../../../../workers/engines/tune/upscale.ts';
import { extractPalette } from '../../../../workers/kernels/palette.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { still } from '../../../fixtures/realSprites.ts';
import { hero } from '../../../fixtures/sprites.ts';

const softCount = (img: RawImage) => { let n = 0; for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! > 0 && img.data[i]! < 255) n++; return n; };

describe('upscale', () => {
  it('pixel art: every art pixel a uniform 64 px block of its own colour, alpha still hard', async () => {
    const art = still('pirate-front').image;
    expect(isPixelArt(art)).toBe(true);
    const { image: out, plan } = await upscale(art, 1024);
    expect(plan.method).toBe('pixel-art');
    expect(Math.max(out.width, out.height)).toBe(1024);
    expect(softCount(out)).toBe(0);
    const palette = new Set(extractPalette([art])!);
    expect(extractPalette([out])!.every((c) => palette.has(c))).toBe(true);
    // The scale is whole here (1024 / the art's longest side): each block matches its art pixel.
    const k = 1024 / Math.max(art.width, art.height);
    if (Number.isInteger(k)) {
      for (let y = 0; y < out.height; y += 7) for (let x = 0; x < out.width; x += 5) {
        const o = (y * out.width + x) * 4, a = (Math.floor(y / k) * art.width + Math.floor(x / k)) * 4;
        expect([...out.data.subarray(o, o + 4)]).toEqual([...art.data.subarray(a, a + 4)]);
      }
    }
  });

  it('a cartoon\'s anti-aliased outline stays a narrow edge at 14x, where plain resampling blurs it wide', async () => {
    const key = still('key').image;
    expect(isPixelArt(key)).toBe(false);
    expect(antialiasedEdge(key)).toBe(true);
    const { image: crisp, plan } = await upscale(key, 1024);
    expect(plan).toMatchObject({ method: 'smooth', crispEdge: true, to: { width: 1024, height: 1024 } });
    const plainBuf = await sharp(key.data, { raw: { width: key.width, height: key.height, channels: 4 } }).resize(1024, 1024, { kernel: 'mitchell' }).raw().toBuffer();
    const plain: RawImage = { width: 1024, height: 1024, data: new Uint8Array(plainBuf) };
    expect(softCount(crisp)).toBeLessThan(0.3 * softCount(plain));
    // The key is still all there: its opaque area within 10% of the plain resampling's half-alpha area.
    const solid = (img: RawImage) => { let n = 0; for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! >= 128) n++; return n; };
    expect(Math.abs(solid(crisp) / solid(plain) - 1)).toBeLessThan(0.1);
  });

  it('far past 16x (the smoothing then runs at 16x and is enlarged): the outline still a narrow edge, the area kept', async () => {
    // The key at a quarter of its size, taken to 2048: 114x, where the smoothing at full size would
    // blur 4M pixels with a sigma of 45.
    const key = still('key').image;
    const small = await sharp(key.data, { raw: { width: key.width, height: key.height, channels: 4 } }).resize(Math.round(key.width / 4)).raw().toBuffer({ resolveWithObject: true });
    const img: RawImage = { width: small.info.width, height: small.info.height, data: new Uint8Array(small.data) };
    expect(antialiasedEdge(img)).toBe(true);
    const { image: crisp, plan } = await upscale(img, 2048);
    expect(plan).toMatchObject({ crispEdge: true, to: { width: 2048, height: 2048 } });
    const plainBuf = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).resize(2048, 2048, { kernel: 'mitchell' }).raw().toBuffer();
    const plain: RawImage = { width: 2048, height: 2048, data: new Uint8Array(plainBuf) };
    expect(softCount(crisp)).toBeLessThan(0.1 * softCount(plain));
    const solid = (i: RawImage) => { let n = 0; for (let p = 3; p < i.data.length; p += 4) if (i.data[p]! >= 128) n++; return n; };
    expect(Math.abs(solid(crisp) / solid(plain) - 1)).toBeLessThan(0.1);
    // A single soft pixel (an upload of 1x1) to 2048: it took past a job's 10 minutes before.
    const dot = await upscale({ width: 1, height: 1, data: new Uint8Array([251, 200, 11, 65]) }, 2048);
    expect([dot.image.width, dot.image.height]).toEqual([2048, 2048]);
  });

  it('painted art with soft alpha inside (a glow) is resampled smoothly and keeps its softness', async () => {
    const glow = createImage(40, 40);
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) {
      const d = Math.hypot(x - 19.5, y - 19.5);
      glow.data.set([255, 200, 80, Math.max(0, Math.round(255 * (1 - d / 20)))], (y * 40 + x) * 4);
    }
    expect(antialiasedEdge(glow)).toBe(false);
    const { image: out, plan } = await upscale(glow, 1024);
    expect(plan).toMatchObject({ method: 'smooth', crispEdge: false });
    expect(softCount(out)).toBeGreaterThan(0.5 * out.width * out.height * (Math.PI / 4) * 0.9);
  });

  it('keeps transparency clear and the aspect ratio, also when the picture is larger than asked', async () => {
    const big = hero(64);
    const { image: out, plan } = await upscale(big, 1024);
    expect(Math.max(out.width, out.height)).toBe(1024);
    expect(out.width / out.height).toBeCloseTo(big.width / big.height, 2);
    expect(out.data[3]).toBe(0);
    const wide = createImage(1500, 500, { r: 10, g: 120, b: 200, a: 255 });
    const down = (await upscale(wide, 1024)).image;
    expect([down.width, down.height]).toEqual([1024, 341]);
    expect(plan.from).toEqual({ width: big.width, height: big.height });
  });
});
