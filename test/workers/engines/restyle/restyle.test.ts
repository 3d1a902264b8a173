// Restyle: retiming honours the source's delays; materials keep shading, alpha and frame size;
// a reference replaces the subject and follows it; opaque sources keep their background.
import { describe, expect, it } from 'vitest';
import { resampleIndices, restyle, retime } from '../../../../workers/engines/restyle/restyle.ts';
import { decodeGif } from '../../../../workers/codecs/gif.ts';
import { createRandom } from '../../../../workers/kernels/random.ts';
import { opaqueBounds } from '../../../../workers/kernels/compose.ts';
import { luma } from '../../../../workers/kernels/recolor.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import type { Animation, RawImage } from '../../../../workers/types.ts';
import { heroWalkFrames, heroWalkGif, pixelKnight, pixelSlime } from '../../../fixtures/sprites.ts';
import { mirrorX } from '../../../../workers/kernels/cutout.ts';
import { warpRows } from '../../../../workers/kernels/warpRows.ts';
import { solid } from '../../images.ts';

const walk = (): Animation => decodeGif(heroWalkGif(8, 48));

/** The walk composited on an opaque flat colour. */
function opaqueWalk(bg = [236, 232, 214]): Animation {
  const frames = heroWalkFrames(8, 48).map((f): RawImage => {
    const data = new Uint8Array(f.data.length);
    for (let i = 0; i < data.length; i += 4) {
      const a = (f.data[i + 3] ?? 0) / 255;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round((f.data[i + c] ?? 0) * a + (bg[c] ?? 0) * (1 - a));
      data[i + 3] = 255;
    }
    return { data, width: f.width, height: f.height };
  });
  return { frames, delaysMs: frames.map(() => 100) };
}

/** Saturation-weighted mean hue (degrees) and mean saturation of the visible pixels. */
function meanHue(img: RawImage, where: (i: number) => boolean = (i) => (img.data[i + 3] ?? 0) >= 128): { hue: number; sat: number } {
  let x = 0, y = 0, s = 0, n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (!where(i)) continue;
    const c = toHsl({ r: img.data[i] ?? 0, g: img.data[i + 1] ?? 0, b: img.data[i + 2] ?? 0, a: 255 });
    x += Math.cos((c.h * Math.PI) / 180) * c.s;
    y += Math.sin((c.h * Math.PI) / 180) * c.s;
    s += c.s;
    n++;
  }
  return { hue: ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360, sat: n ? s / n : 0 };
}

const hueGap = (a: number, b: number): number => Math.min(Math.abs(a - b) % 360, 360 - (Math.abs(a - b) % 360));

describe('resampleIndices', () => {
  it.each([
    ['even delays, same count', [100, 100, 100], 3, [0, 1, 2]],
    ['even delays, doubled', [100, 100, 100], 6, [0, 0, 1, 1, 2, 2]],
    ['a long frame is shown longer', [100, 300], 4, [0, 1, 1, 1]],
    ['more source frames than output', [10, 10, 10, 10, 10, 10], 3, [0, 2, 4]],
    ['zero delays play evenly', [0, 0], 4, [0, 0, 1, 1]],
  ])('%s', (_name, delays, count, expected) => {
    expect(resampleIndices(delays, count)).toEqual(expected);
  });

  it('spreads 36 output frames over a 3 s sheet of 36 cells one to one', () => {
    const delays = Array.from({ length: 36 }, (_, i) => Math.round(((i + 1) * 1000) / 12) - Math.round((i * 1000) / 12));
    expect(resampleIndices(delays, 36)).toEqual(Array.from({ length: 36 }, (_, i) => i));
  });

  it.each([
    ['8 even frames over 4 loops', [100, 100, 100, 100, 100, 100, 100, 100], 36, 4, [0, 0, 1, 2, 3, 4, 5, 6, 7]],
    ['a 12 fps strip of 6, one cell an output frame', [83, 84, 83, 83, 84, 83], 12, 2, [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5]],
    ['a long frame over 2 loops', [100, 300], 8, 2, [0, 1, 1, 1, 0, 1, 1, 1]],
  ])('%s', (_name, delays, count, repeats, expected) => {
    const got = resampleIndices(delays, count, repeats);
    expect(got.slice(0, expected.length)).toEqual(expected);
    // Every loop shows the same frames: an output frame that starts a loop shows its frame 0.
    const perLoop = count / repeats;
    if (Number.isInteger(perLoop)) for (let i = 0; i < count; i++) expect(got[i]).toBe(got[i % perLoop]);
  });

  it.each([36, 100])('output frame i shows the source frame visible at i x total / %i (random uneven delays)', (count) => {
    const rng = createRandom('delays', String(count));
    const delays = Array.from({ length: 17 }, () => rng.int(20, 400));
    const total = delays.reduce((a, b) => a + b, 0);
    resampleIndices(delays, count).forEach((k, i) => {
      const t = (i * total) / count;
      const start = delays.slice(0, k).reduce((a, b) => a + b, 0);
      expect(t + 0.5).toBeGreaterThanOrEqual(start);
      expect(t).toBeLessThan(start + (delays[k] ?? 0));
    });
  });
});

describe('restyle', () => {
  it.each([36, 100])('makes %i frames of the source size, the size capped at 512', (count) => {
    const { frames } = restyle({ source: walk(), frames: count, text: 'golden', seed: 's' });
    expect(frames).toHaveLength(count);
    expect(frames.every((f) => f.width === 48 && f.height === 48)).toBe(true);
    const big = restyle({ source: { frames: [solid(1024, 256, [128, 128, 128, 255])], delaysMs: [100] }, frames: count, text: 'red', seed: 's' });
    expect([big.frames[0]?.width, big.frames[0]?.height]).toEqual([512, 128]);
  });

  it.each(['golden', 'silver', 'ice', 'fire', 'shadow', 'neon', 'stone', 'wood', 'toxic', 'grayscale', 'sepia', 'inverted', 'crimson', 'icy blue', 'dark gold', 'blue fire', 'pale', 'a brave knight'])(
    '"%s" keeps every pixel\'s alpha', (text) => {
      const source = walk();
      const { indices } = retime(source.delaysMs, 36);
      const { frames } = restyle({ source, frames: 36, text, seed: 's' });
      frames.forEach((f, i) => {
        const src = source.frames[indices[i] ?? 0] as RawImage;
        for (let p = 3; p < f.data.length; p += 4) if (f.data[p] !== src.data[p]) throw new Error(`alpha changed at byte ${p} of frame ${i}`);
      });
    });

  it('a drawing the source holds for several frames is worked once: its frames are one image', () => {
    const walk = heroWalkFrames(4, 48);
    // The second drawing held for three frames, as copies (a GIF decodes every frame anew).
    const held = [walk[0]!, walk[1]!, ...[0, 1].map(() => ({ ...walk[1]!, data: walk[1]!.data.slice() })), walk[2]!, walk[3]!];
    const { frames } = restyle({ source: { frames: held, delaysMs: held.map(() => 100) }, frames: 6, text: 'golden', seed: 's' });
    expect(frames[2]).toBe(frames[1]);
    expect(frames[3]).toBe(frames[1]);
    expect(frames[4]).not.toBe(frames[1]);
  });

  it('golden makes the subject yellow-ish and keeps luminance order', () => {
    const source = walk();
    const { frames } = restyle({ source, frames: 8, text: 'golden', seed: 's' });
    const out = frames[0] as RawImage;
    const src = source.frames[0] as RawImage;
    const { hue, sat } = meanHue(out);
    expect(hue).toBeGreaterThan(28);
    expect(hue).toBeLessThan(60);
    expect(sat).toBeGreaterThan(0.4);
    // Every pair of visible pixels: a clearly darker source pixel is not lighter after.
    const px: { a: number; b: number }[] = [];
    for (let i = 0; i < src.data.length; i += 4) {
      if ((src.data[i + 3] ?? 0) < 255) continue;
      px.push({ a: luma(src.data[i] ?? 0, src.data[i + 1] ?? 0, src.data[i + 2] ?? 0), b: luma(out.data[i] ?? 0, out.data[i + 1] ?? 0, out.data[i + 2] ?? 0) });
    }
    px.sort((p, q) => p.a - q.a);
    let worst = 0;
    for (let k = 1; k < px.length; k++) if ((px[k] as { a: number }).a > (px[k - 1] as { a: number }).a + 1) worst = Math.max(worst, (px[k - 1] as { b: number }).b - (px[k] as { b: number }).b);
    expect(worst).toBeLessThanOrEqual(2);
  });

  it.each([
    ['transparent source', walk()],
    ['opaque source', opaqueWalk()],
  ])('a red reference makes the subject red (%s)', (_name, source) => {
    const red = pixelSlime();
    for (let i = 0; i < red.data.length; i += 4) if (red.data[i + 3]) red.data.set([Math.min(255, 60 + (red.data[i + 1] ?? 0)), 20, 30], i);
    const { frames, plan } = restyle({ source, frames: 36, text: '', reference: red, seed: 's' });
    expect(plan.reference).toBe(true);
    const bg = source.frames[0]?.data.subarray(0, 3) ?? new Uint8Array(3);
    for (const f of [frames[0], frames[17]] as RawImage[]) {
      const subject = (i: number): boolean => (f.data[i + 3] ?? 0) >= 128 && Math.abs((f.data[i] ?? 0) - (bg[0] ?? 0)) + Math.abs((f.data[i + 1] ?? 0) - (bg[1] ?? 0)) + Math.abs((f.data[i + 2] ?? 0) - (bg[2] ?? 0)) > 40;
      const { hue, sat } = meanHue(f, subject);
      expect(hueGap(hue, 0)).toBeLessThan(20);
      expect(sat).toBeGreaterThan(0.5);
    }
  });

  it('the reference follows the subject: feet on its box bottom, moving with it', () => {
    const source = walk();
    const { indices } = retime(source.delaysMs, 36);
    const ref = solid(10, 20, [200, 30, 30, 255]);
    const { frames } = restyle({ source, frames: 36, text: '', reference: ref, seed: 's' });
    const centres = frames.map((f, i) => {
      const got = opaqueBounds(f, 127);
      const want = opaqueBounds(source.frames[indices[i] ?? 0] as RawImage, 63);
      expect(got && want).toBeTruthy();
      if (!got || !want) return 0;
      expect(Math.abs(got.y + got.height - (want.y + want.height))).toBeLessThanOrEqual(1);
      return got.x + got.width / 2 - (want.x + want.width / 2);
    });
    // Centred on the subject in every frame (within its mass offset), so it moves with it.
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
  });

  it('the reference turns around when the subject does', () => {
    const k = pixelKnight();
    const pad = (img: RawImage): RawImage => {
      const out = { data: new Uint8Array(48 * 48 * 4), width: 48, height: 48 };
      for (let y = 0; y < 32; y++) out.data.set(img.data.subarray(y * 128, (y + 1) * 128), ((y + 12) * 48 + 8) * 4);
      return out;
    };
    const source: Animation = { frames: [pad(k), pad(mirrorX(k))], delaysMs: [100, 100] };
    const { frames } = restyle({ source, frames: 2, text: '', reference: k, seed: 's' });
    // Where the sword (its pale blue-white) is, against the middle of the box.
    const lean = (f: RawImage): number => {
      const b = opaqueBounds(f, 127);
      let sx = 0, n = 0;
      for (let i = 0; i < f.data.length; i += 4) {
        if ((f.data[i + 3] ?? 0) >= 128 && (f.data[i] ?? 0) > 200 && (f.data[i + 2] ?? 0) > 225) (sx += (i / 4) % 48), n++;
      }
      return b && n ? sx / n - (b.x + (b.width - 1) / 2) : 0;
    };
    expect(lean(frames[0] as RawImage)).toBeGreaterThan(3);
    expect(lean(frames[1] as RawImage)).toBeLessThan(-3);
  });

  it('the reference leans when the subject leans more than at rest', () => {
    const k = pixelKnight();
    const pad = (img: RawImage): RawImage => {
      const out = { data: new Uint8Array(64 * 48 * 4), width: 64, height: 48 };
      for (let y = 0; y < img.height; y++) out.data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((y + 12) * 64 + 8) * 4);
      return out;
    };
    const lunge = warpRows(k, 44, 32, (y) => ({ srcY: y, scaleX: 1, srcCx: 0, dstCx: Math.round(0.35 * (32 - y)) }), 'nearest');
    const source: Animation = { frames: [pad(k), pad(k), pad(lunge)], delaysMs: [100, 100, 100] };
    const { frames } = restyle({ source, frames: 3, text: '', reference: solid(10, 24, [200, 30, 30, 255]), seed: 's' });
    const rowMid = (f: RawImage, y: number): number => {
      const xs = Array.from({ length: 64 }, (_, x) => x).filter((x) => (f.data[(y * 64 + x) * 4 + 3] ?? 0) >= 128);
      return (xs[0]! + xs[xs.length - 1]!) / 2;
    };
    const slant = (f: RawImage): number => {
      const b = opaqueBounds(f, 127)!;
      return rowMid(f, b.y + 1) - rowMid(f, b.y + b.height - 2);
    };
    expect(Math.abs(slant(frames[0] as RawImage))).toBeLessThanOrEqual(1);
    expect(slant(frames[2] as RawImage)).toBeGreaterThanOrEqual(3);
  });

  it('on an opaque source only the subject changes; the background stays', () => {
    const source = opaqueWalk();
    const { frames } = restyle({ source, frames: 8, text: 'toxic', seed: 's' });
    const f = frames[0] as RawImage;
    const src = source.frames[0] as RawImage;
    expect([...f.data.subarray(0, 16)]).toEqual([...src.data.subarray(0, 16)]);
    const last = f.data.length - 16;
    expect([...f.data.subarray(last)]).toEqual([...src.data.subarray(last)]);
    expect(meanHue(f, (i) => (src.data[i] ?? 0) < 150).hue).toBeGreaterThan(60);
  });

  it('ghost lowers alpha, more toward the feet', () => {
    const source = walk();
    const { frames } = restyle({ source, frames: 8, text: 'ghost', seed: 's' });
    const f = frames[0] as RawImage;
    const alphaAt = (y: number): number => Math.max(...Array.from({ length: 48 }, (_, x) => f.data[(y * 48 + x) * 4 + 3] ?? 0));
    expect(alphaAt(20)).toBeLessThan(240);
    expect(alphaAt(43)).toBeLessThan(alphaAt(20));
  });

  it('is deterministic, and unknown words give a mild seeded tint recorded in the plan', () => {
    const a = restyle({ source: walk(), frames: 36, text: 'a brave knight', seed: 'x' });
    const b = restyle({ source: walk(), frames: 36, text: 'a brave knight', seed: 'x' });
    expect(a.frames.map((f) => Buffer.from(f.data).toString('base64'))).toEqual(b.frames.map((f) => Buffer.from(f.data).toString('base64')));
    expect(a.plan).toMatchObject({ material: null, colors: [], reference: false });
    expect(a.plan.tint).toMatch(/^#[0-9a-f]{6}$/);
    const other = restyle({ source: walk(), frames: 36, text: 'a brave knight', seed: 'y' });
    expect(other.plan.tint).not.toBe(a.plan.tint);
  });

  it('consume: the frames come out the same, restyled in the source frames themselves', () => {
    const bytes = (frames: readonly RawImage[]) => frames.map((f) => Buffer.from(f.data).toString('base64'));
    for (const text of ['golden', 'ghost', 'neon', 'stone', 'fire', 'inverted', 'a brave knight']) {
      for (const make of [walk, opaqueWalk]) {
        const kept = restyle({ source: make(), frames: 12, text, seed: 'c' });
        const source = make();
        const consumed = restyle({ source, frames: 12, text, seed: 'c', consume: true });
        expect(bytes(consumed.frames), text).toEqual(bytes(kept.frames));
        // Every frame the ramp restyles once is written into a source frame (no new frame memory).
        if (['golden', 'ghost', 'neon', 'stone'].includes(text)) {
          for (const f of consumed.frames) expect(source.frames.some((s) => s.data === f.data), text).toBe(true);
        }
      }
    }
    // A reference replaces the figures in the source frames too; a drawing the GIF repeats as one
    // object is one source frame, so each later frame of it gets a copy, and no other frame does.
    for (const make of [walk, opaqueWalk]) {
      const kept = restyle({ source: make(), frames: 12, text: 'golden', reference: pixelKnight(), seed: 'c' });
      const source = make();
      const repeats = source.frames.length - new Set(source.frames).size;
      const consumed = restyle({ source, frames: 12, text: 'golden', reference: pixelKnight(), seed: 'c', consume: true });
      expect(bytes(consumed.frames)).toEqual(bytes(kept.frames));
      const elsewhere = new Set(consumed.frames.filter((f) => !source.frames.some((s) => s.data === f.data)).map((f) => f.data));
      expect(elsewhere.size).toBeLessThanOrEqual(repeats);
    }
  });

  it('consume: a source that repeats a drawing as one object (a GIF loop) restyles as one whose frames are each their own', () => {
    const bytes = (frames: readonly RawImage[]) => frames.map((f) => Buffer.from(f.data).toString('base64'));
    const looped = () => decodeGif(heroWalkGif(24, 48));
    // The same frames, each its own object.
    const copies = (): Animation => { const a = looped(); return { ...a, frames: a.frames.map((f) => ({ ...f, data: f.data.slice() })) }; };
    expect(new Set(looped().frames).size).toBeLessThan(24);
    for (const [text, reference] of [['golden', undefined], ['fire', undefined], ['golden', pixelKnight()]] as const) {
      const apart = restyle({ source: copies(), frames: 36, text, reference, seed: 'c', consume: true });
      const shared = restyle({ source: looped(), frames: 36, text, reference, seed: 'c', consume: true });
      expect(bytes(shared.frames), text).toEqual(bytes(apart.frames));
    }
  });

  it('fire flickers: its frames differ even where the source frame repeats', () => {
    const source = walk();
    const { indices } = retime(source.delaysMs, 36);
    const { frames } = restyle({ source, frames: 36, text: 'fire', seed: 's' });
    expect(indices[0]).toBe(indices[1]);
    expect(Buffer.from((frames[0] as RawImage).data).equals(Buffer.from((frames[1] as RawImage).data))).toBe(false);
  });
});
