import { describe, expect, it } from 'vitest';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import type { AnimateInput, AnimateResult } from '../../../../workers/engines/animate/animate.ts';
import { MOTION_NAMES, MOTIONS } from '../../../../workers/engines/animate/motions/index.ts';
import type { MotionName } from '../../../../workers/engines/animate/motions/index.ts';
import { extractPalette, usesOnlyPalette } from '../../../../workers/kernels/palette.ts';
import { alphaBox } from '../../../../workers/kernels/subject.ts';
import { createImage, fillRect } from '../../../../workers/kernels/image.ts';
import { crop } from '../../../../workers/kernels/compose.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { hero, heroOnBackground, pixelKnight, pixelSlime } from '../../../fixtures/sprites.ts';
import { feetLift } from '../../../helpers/animMetrics.ts';

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

/** The start's flat background colour (its opaque top-left pixel), or null when it is transparent there. */
function flatBackground(img: RawImage): number[] | null {
  const p = [...img.data.subarray(0, 4)];
  return p[3] === 255 ? p : null;
}

/**
 * The canvas contract: every frame one size, at least the start's and at most 512x512, the pivot
 * inside it; frame `index` holds `image` at `result.start`, pixel for pixel, with nothing but
 * background (transparent, or `bg`) around it.
 */
function expectPlaced(result: AnimateResult, start: RawImage, index: number, image: RawImage, bg: number[] | null): void {
  const { frames, start: at, pivot } = result;
  const { width, height } = frames[0] as RawImage;
  for (const f of frames) expect([f.width, f.height]).toEqual([width, height]);
  expect(width).toBeLessThanOrEqual(512);
  expect(height).toBeLessThanOrEqual(512);
  expect(width).toBeGreaterThanOrEqual(start.width);
  expect(height).toBeGreaterThanOrEqual(start.height);
  expect(at.scale).toBe(1);
  expect([at.width, at.height]).toEqual([start.width, start.height]);
  expect(pivot.x).toBeGreaterThanOrEqual(0);
  expect(pivot.x).toBeLessThanOrEqual(width);
  expect(pivot.y).toBeGreaterThanOrEqual(0);
  expect(pivot.y).toBeLessThanOrEqual(height);
  const frame = frames[index] as RawImage;
  expect(crop(frame, at.x, at.y, at.width, at.height)).toEqual(image);
  let stray = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (x >= at.x && x < at.x + at.width && y >= at.y && y < at.y + at.height) continue;
      const p = frame.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
      const ok = bg ? p.every((v, i) => v === bg[i]) : p[3] === 0;
      if (!ok) stray++;
    }
  expect(stray, `frame ${index}: pixels outside the start rect that are not background`).toBe(0);
}

describe('animate: first and last frames', () => {
  it.each(MOTION_NAMES)('%s: frame 0 is the start image, pixel for pixel (smooth, pixel, flat background)', (name) => {
    for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true], [heroOnBackground(48), false]] as const) {
      const result = run({ start, text: name, isPixel });
      expect(result.frames).toHaveLength(36);
      expectPlaced(result, start, 0, start, flatBackground(start));
    }
  });

  it.each([
    ['smooth', hero(48), resizeTo(pixelSlime(), 48, 48, 'smooth'), false],
    ['pixel', pixelKnight(), pixelSlime(), true],
    ['flat backgrounds', heroOnBackground(48, [250, 240, 200, 255]), heroOnBackground(48, [40, 40, 60, 255]), false],
  ] as const)('with an end image (%s): first = start and last = end, pixel for pixel', (_name, start, end, isPixel) => {
    for (const text of ['jump', 'walk then spin', 'die', 'cast']) {
      const result = run({ start, end, text, isPixel });
      const { frames } = result;
      expect(frames).toHaveLength(36);
      expectPlaced(result, start, 0, start, flatBackground(start));
      expectPlaced(result, start, 35, end, flatBackground(start));
      // In between, the frames move: neither the first nor the last. Painted art dissolves start into
      // end around the middle, so the middle frame itself is neither; pixel art makes a single cut
      // at the middle (startToEnd.ts), whose first frame may be the end's rest pose.
      const neither = (f: RawImage): boolean => diff(f, frames[0] as RawImage) > 0 && diff(f, frames[35] as RawImage) > 0;
      if (isPixel) expect(frames.slice(1, 35).some(neither), text).toBe(true);
      else expect(neither(frames[18] as RawImage), text).toBe(true);
    }
  });

  // A 400 px figure's full jump needs a frame over 512 px tall: it used to be drawn at about 85% of
  // its size (so it shrank between its walk and its jump); the jump's height is cut to fit instead.
  it('a figure that fits the frame keeps its size in a jump and a dash: the travel is cut to fit', () => {
    const start = hero(400);
    for (const text of ['jump', 'dash']) {
      const result = run({ start, text });
      expectPlaced(result, start, 0, start, null);
      if (text === 'jump') {
        const lifted = Math.max(...result.frames.map((f) => feetLift(f, result.frames[0]!)));
        expect(lifted, 'the feet still leave the ground by 12% of the height').toBeGreaterThanOrEqual(0.12);
      }
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

  it('a float of a subject in a larger frame keeps to the input palette and binary alpha', () => {
    const start = pixelKnight();
    const big = createImage(48, 64);
    for (let y = 0; y < 32; y++) big.data.set(start.data.subarray(y * 128, y * 128 + 128), ((y + 28) * 48 + 8) * 4);
    const palette = extractPalette([big]) ?? [];
    const result = run({ start: big, text: 'float', isPixel: true });
    expectPlaced(result, big, 0, big, null);
    result.frames.forEach((f, i) => {
      expect(usesOnlyPalette(f, palette), `frame ${i}`).toBe(true);
      expect(binaryAlpha(f), `frame ${i}`).toBe(true);
    });
    // It floats: the subject rises off its rest position and comes back.
    const tops = result.frames.map((f) => alphaBox(f)?.y ?? -1);
    expect(Math.min(...tops)).toBeLessThan(tops[0] as number);
    expect(tops[35]).toBe(tops[0]);
  });
});

describe('animate: loops', () => {
  it.each(returning)('%s loops seamlessly: the wrap (last -> first) is no bigger a change than any other step', (name) => {
    for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true]] as const) {
      const { frames } = run({ start, text: name, isPixel });
      const steps = frames.slice(1).map((f, i) => diff(frames[i] as RawImage, f));
      const wrap = diff(frames[35] as RawImage, frames[0] as RawImage);
      expect(wrap).toBeLessThanOrEqual(Math.max(...steps));
    }
  });

  it('a walk\'s later cycles are its first cycle\'s frames again, each frame its own pixels', () => {
    const { frames } = run({ start: hero(96), text: 'walk' });
    // Three cycles of 12 from frame 1 on (frame 0 is the start image itself).
    for (let i = 13; i < 36; i++) expect(diff(frames[i] as RawImage, frames[i - 12] as RawImage)).toBe(0);
    expect(new Set(frames.map((f) => f.data.buffer)).size).toBe(36);
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
    '%s keeps the baseline (the bottom row of the opaque box) on the pivot row', (name) => {
      for (const [start, isPixel] of [[hero(48), false], [pixelKnight(), true], [hero(96), false]] as const) {
        const { frames, pivot } = run({ start, text: name, isPixel });
        frames.forEach((f, i) => expect(Math.abs(bottom(f) - pivot.y), `${start.width}px frame ${i}`).toBeLessThanOrEqual(1));
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

  it('a jump leaves the ground by at least 12% of the subject height and is never clipped', () => {
    // With headroom in the input and without (the hero's head 3 px from the top): the canvas grows.
    const room = createImage(48, 96);
    const h = hero(48);
    for (let y = 0; y < 48; y++) room.data.set(h.data.subarray(y * 192, y * 192 + 192), (y + 48) * 192);
    for (const [start, isPixel] of [[room, false], [h, false], [pixelKnight(), true]] as const) {
      const { frames, pivot } = run({ start, text: 'jump', isPixel });
      const height = alphaBox(start)?.height ?? 0;
      expect(Math.min(...frames.map(bottom))).toBeLessThanOrEqual(pivot.y - 0.12 * height);
      // Never clipped: the subject never touches the canvas's edges.
      frames.forEach((f, i) => {
        const b = alphaBox(f);
        expect(b, `frame ${i}`).not.toBeNull();
        if (!b) return;
        expect(b.y, `frame ${i}`).toBeGreaterThan(0);
        expect(b.x, `frame ${i}`).toBeGreaterThan(0);
        expect(b.x + b.width, `frame ${i}`).toBeLessThan(f.width);
      });
    }
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

  it('reports its progress frame by frame, over both clips of a start -> end, up to 1', () => {
    for (const end of [undefined, pixelSlime()]) {
      const start = end ? pixelKnight() : hero(48);
      const seen: number[] = [];
      animate({ start, end, text: 'walk', frames: 12, isPixel: end !== undefined, seed: 'p' }, (f) => seen.push(f));
      // Each frame made moves it (a job's progress), never back, and it ends done.
      expect(seen.length).toBeGreaterThanOrEqual(end ? 24 : 12);
      expect(seen.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
      expect(seen.at(-1)).toBe(1);
      expect(seen.filter((f) => f <= 0.5).length).toBeGreaterThanOrEqual(end ? 12 : 6);
    }
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
