import { describe, expect, it } from 'vitest';
import { animate } from '../../../workers/engines/animate.ts';
import type { AnimateInput } from '../../../workers/engines/animate.ts';
import { MOTION_NAMES, MOTIONS } from '../../../workers/kernels/motion.ts';
import type { MotionName } from '../../../workers/kernels/motion.ts';
import { extractPalette, usesOnlyPalette } from '../../../workers/kernels/palette.ts';
import { alphaBox } from '../../../workers/kernels/subject.ts';
import { createImage, fillRect } from '../../../workers/kernels/image.ts';
import { resizeTo } from '../../../workers/kernels/resize.ts';
import type { RawImage } from '../../../workers/types.ts';
import { hero, heroOnBackground, pixelKnight, pixelSlime } from '../../fixtures/sprites.ts';

const run = (over: Partial<AnimateInput> & Pick<AnimateInput, 'start'>) =>
  animate({ text: 'idle', frames: 36, isPixel: false, seed: 'seed', ...over });

/** Sum of absolute channel differences between two frames. */
function diff(a: RawImage, b: RawImage): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs((a.data[i] as number) - (b.data[i] as number));
  return s;
}
const alphaMass = (img: RawImage): number => img.data.reduce((s, v, i) => (i % 4 === 3 ? s + v : s), 0);
const binaryAlpha = (img: RawImage): boolean => img.data.every((v, i) => i % 4 !== 3 || v === 0 || v === 255);

const returning = MOTION_NAMES.filter((n) => MOTIONS[n].returns);
// A knight on a plain background (no transparency): its palette includes the background colour.
function knightOnBlue(): RawImage {
  const k = pixelKnight();
  for (let i = 0; i < k.data.length; i += 4) if (k.data[i + 3] === 0) k.data.set([96, 160, 220, 255], i);
  return k;
}

describe('animate: first and last frames', () => {
  it.each(MOTION_NAMES)('%s: frame 0 is the start image, pixel for pixel (smooth, pixel, flat background)', (name) => {
    for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true], [heroOnBackground(48), false]] as const) {
      const { frames } = run({ start, text: name, isPixel });
      expect(frames).toHaveLength(36);
      expect(frames[0]).toEqual(start);
    }
  });

  it.each([
    ['smooth', hero(48), resizeTo(pixelSlime(), 48, 48, 'smooth'), false],
    ['pixel', pixelKnight(), pixelSlime(), true],
    ['flat backgrounds', heroOnBackground(48, [250, 240, 200, 255]), heroOnBackground(48, [40, 40, 60, 255]), false],
  ] as const)('with an end image (%s): first = start and last = end, pixel for pixel', (_name, start, end, isPixel) => {
    for (const text of ['jump', 'walk then spin', 'die', 'cast']) {
      const { frames } = run({ start, end, text, isPixel });
      expect(frames[0]).toEqual(start);
      expect(frames[35]).toEqual(end);
      // In between, shapes and colours blend: the middle is neither.
      expect(diff(frames[18] as RawImage, start)).toBeGreaterThan(0);
      expect(diff(frames[18] as RawImage, end)).toBeGreaterThan(0);
    }
  });
});

describe('animate: pixel art stays pixel art', () => {
  const cases: [string, RawImage, RawImage | undefined][] = [
    ['knight', pixelKnight(), undefined],
    ['knight on a flat background', knightOnBlue(), undefined],
    ['knight to slime', pixelKnight(), pixelSlime()],
  ];
  it.each(cases)('%s: every motion uses only the inputs\' colours, alpha binary', (_name, start, end) => {
    const palette = extractPalette(end ? [start, end] : [start]) ?? [];
    for (const name of MOTION_NAMES) {
      const { frames } = run({ start, end, text: `${name} fast`, isPixel: true, frames: 24 });
      frames.forEach((f, i) => {
        expect(usesOnlyPalette(f, palette), `${name} frame ${i}`).toBe(true);
        expect(binaryAlpha(f), `${name} frame ${i}`).toBe(true);
      });
    }
  });

  it('moves by whole pixels: a float is the start shifted', () => {
    const start = pixelKnight();
    const big = createImage(48, 64);
    for (let y = 0; y < 32; y++) big.data.set(start.data.subarray(y * 128, y * 128 + 128), ((y + 28) * 48 + 8) * 4);
    const { frames } = run({ start: big, text: 'float', isPixel: true });
    const b0 = alphaBox(big);
    for (const f of frames) {
      const b = alphaBox(f);
      const dy = (b?.y ?? 0) - (b0?.y ?? 0);
      expect(f.data).toEqual(shifted(big, dy).data);
    }
  });
});

/** `img` moved by whole pixels dy (up when negative), transparent where vacated. */
function shifted(img: RawImage, dy: number): RawImage {
  const out = createImage(img.width, img.height);
  for (let y = 0; y < img.height; y++) {
    const sy = y - dy;
    if (sy < 0 || sy >= img.height) continue;
    out.data.set(img.data.subarray(sy * img.width * 4, (sy + 1) * img.width * 4), y * img.width * 4);
  }
  return out;
}

describe('animate: loops', () => {
  it.each(returning)('%s loops seamlessly: the wrap (last -> first) is no bigger a change than any other step', (name) => {
    for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true]] as const) {
      const { frames } = run({ start, text: name, isPixel });
      const steps = frames.slice(1).map((f, i) => diff(frames[i] as RawImage, f));
      const wrap = diff(frames[35] as RawImage, frames[0] as RawImage);
      expect(wrap).toBeLessThanOrEqual(Math.max(...steps));
    }
  });

  it('a sequence returns to the rest pose between its motions', () => {
    const { frames, plan } = run({ start: hero(48), text: 'walk then jump then spin' });
    expect(plan.motions.map((m) => m.from)).toEqual([0, 12, 24]);
    // Each segment starts on the rest pose: its first frame is the start image again.
    for (const from of [12, 24]) expect(diff(frames[from] as RawImage, frames[0] as RawImage)).toBe(0);
  });
});

describe('animate: the subject stays grounded and whole', () => {
  const bottom = (img: RawImage): number => { const b = alphaBox(img); return b ? b.y + b.height : -1; };

  // (Pulse and cast light a halo that reaches below the feet; shake jitters by whole pixels both ways.)
  it.each(['walk', 'idle', 'wave', 'spin'] as MotionName[])(
    '%s keeps the baseline (the bottom row of the opaque box) put', (name) => {
      for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true], [hero(96), false]] as const) {
        const { frames } = run({ start, text: name, isPixel });
        for (const f of frames) expect(bottom(f)).toBe(bottom(start));
      }
    },
  );

  /** A 40x40 frame with a block touching its top and sides: no room at all but below. */
  function cramped(): RawImage {
    const img = createImage(40, 40);
    fillRect(img, 0, 0, 40, 36, { r: 180, g: 90, b: 40, a: 255 });
    fillRect(img, 10, 10, 20, 10, { r: 30, g: 30, b: 30, a: 255 });
    return img;
  }

  it.each(MOTION_NAMES.filter((n) => n !== 'spin' && n !== 'die'))(
    '%s clips nothing: the subject keeps (nearly) all of its pixels in every frame', (name) => {
      // Clipping the hero's 17 px jump into its 3 px of headroom would cut a third of it (the head);
      // a tuck folds at most 22% of the height out of the legs; squash without room to widen into
      // (the cramped block) legitimately keeps about two thirds.
      for (const [start, isPixel, least] of [[hero(48), false, 0.7], [pixelKnight(), true, 0.7], [cramped(), false, 0.6], [cramped(), true, 0.6]] as const) {
        const { frames } = run({ start, text: name, isPixel });
        const mass = alphaMass(start);
        for (const f of frames) expect(alphaMass(f) / mass).toBeGreaterThan(least);
      }
    },
  );

  it('a jump with headroom leaves the ground; without, it tucks the legs under a still head', () => {
    const room = createImage(48, 96);
    const h = hero(48);
    for (let y = 0; y < 48; y++) room.data.set(h.data.subarray(y * 192, y * 192 + 192), (y + 48) * 192);
    const high = run({ start: room, text: 'jump' });
    expect(Math.min(...high.frames.map((f) => alphaBox(f)?.y ?? 99))).toBeLessThan((alphaBox(room)?.y ?? 0) - 8);
    const tight = run({ start: h, text: 'jump' });
    // It uses its 3 px of headroom, then folds its legs: the head stops at the frame's edge.
    expect(Math.min(...tight.frames.map((f) => alphaBox(f)?.y ?? 99))).toBe(0);
    expect(Math.min(...tight.frames.map(bottom))).toBeLessThan(bottom(h) - 4);
  });
});

describe('animate: backgrounds', () => {
  it.each(['jump', 'dash left', 'die', 'walk'])('%s on a flat background: opaque frames, the vacated area refilled', (text) => {
    const start = heroOnBackground(48, [236, 226, 200, 255]);
    const { frames } = run({ start, text });
    for (const f of frames) {
      expect(f.data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
      expect([...f.data.subarray(0, 4)]).toEqual([236, 226, 200, 255]);
    }
    expect(new Set(frames.map((f) => Buffer.from(f.data).toString('base64'))).size).toBeGreaterThan(5);
  });
});

describe('animate: plan, tag, determinism, checks', () => {
  it('returns the plan and tags the sheet with its motions', () => {
    const r = run({ start: hero(48), text: 'walk then jump', promptEnhancement: true });
    expect(r.tag).toBe('walk+jump');
    expect(r.plan).toMatchObject({ text: 'walk then jump', enhanced: true, default: false });
    const literal = run({ start: hero(48), text: 'walking', promptEnhancement: false });
    expect(literal.plan).toMatchObject({ enhanced: false, default: true });
    expect(literal.tag).toBe('idle');
  });

  it('same inputs and seed, same frames; the seed drives the shake', () => {
    const a = run({ start: hero(48), text: 'shake', seed: 'a' });
    expect(run({ start: hero(48), text: 'shake', seed: 'a' }).frames).toEqual(a.frames);
    expect(run({ start: hero(48), text: 'shake', seed: 'b' }).frames).not.toEqual(a.frames);
  });

  it('an empty image has nothing to move: every frame is the start', () => {
    const start = createImage(16, 16);
    expect(run({ start, text: 'jump' }).frames.every((f) => diff(f, start) === 0)).toBe(true);
  });

  it('checks its inputs first', () => {
    expect(() => run({ start: hero(48), frames: 1 })).toThrow('Expected integer between 2 and 1024 for frames but received 1');
    expect(() => run({ start: { data: new Uint8Array(3), width: 1, height: 1 } })).toThrow('Expected 4 bytes (1x1 RGBA) for start image but received 3');
    expect(() => run({ start: hero(48), end: { data: new Uint8Array(3), width: 1, height: 1 } })).toThrow('for end image');
  });
});
