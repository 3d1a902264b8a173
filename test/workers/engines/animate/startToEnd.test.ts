// Start -> end: each clip draws only the frames the join shows of it, and the join is the same as
// if both had drawn every frame; painted art dissolves in two frames, each one figure whole; the
// posture goes from the start's to the end's.
import { describe, expect, it } from 'vitest';
import { rigAnimation } from '../../../../workers/engines/animate/rigAnimation.ts';
import { clipsShown, joinClips } from '../../../../workers/engines/animate/startToEnd.ts';
import type { RiggedClip } from '../../../../workers/engines/animate/rigAnimation.ts';
import { planTimeline } from '../../../../workers/engines/animate/timeline.ts';
import { readMotionPlan } from '../../../../workers/engines/animate/plan.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { drawPosed } from '../../../../workers/engines/rig/posed.ts';
import { createImage, TRANSPARENT } from '../../../../workers/kernels/image.ts';
import { copyInto } from '../../../../workers/kernels/blit.ts';
import { hero, pixelKnight } from '../../../fixtures/sprites.ts';
import { boxOf, subjectMask } from '../../../helpers/animMetrics.ts';
import { still } from '../../../fixtures/realSprites.ts';

const glow = () => ({ r: 255, g: 255, b: 255, a: 255 });

describe('start -> end', () => {
  it.each([false, true])('draws each clip only where it is shown, with the same frames as drawing all (pixel %s)', (pixel) => {
    const start = pixel ? resizeTo(pixelKnight(), 64, 64, 'nearest') : hero(96);
    const end = pixel ? resizeTo(pixelKnight(), 64, 64, 'nearest') : resizeTo(hero(48), 96, 96, 'smooth');
    const n = 12, cut = 6;
    const timeline = planTimeline(readMotionPlan('spin', true, n), n, 's', true);
    const full = joinClips(rigAnimation({ start, timeline, pixel, palette: null, glow }), rigAnimation({ start: end, timeline, pixel, palette: null, glow }), end, pixel, cut);
    const shown = clipsShown(n, cut, pixel);
    const a = rigAnimation({ start, timeline, pixel, palette: null, glow, drawn: shown.a });
    const b = rigAnimation({ start: end, timeline, pixel, palette: null, glow, drawn: shown.b });
    // Frames a clip does not show are one shared blank canvas, not drawn.
    expect(new Set(a.frames.slice(cut + 1)).size).toBe(1);
    expect(new Set(b.frames.slice(1, cut - 1)).size).toBe(1);
    const joined = joinClips(a, b, end, pixel, cut);
    joined.frames.forEach((f, i) => expect(Buffer.from(f.data).equals(Buffer.from(full.frames[i]!.data)), `frame ${i}`).toBe(true));
  });
});

describe('start -> end dissolve (painted art)', () => {
  // Two frames around the cut. An ordered dither of the two figures read as static on a painted
  // sprite; each frame is now one figure whole, its colours mixed toward the other's where they overlap.
  it('shows one figure\'s shape in each dissolve frame, its colours mixed with the other\'s where they overlap', () => {
    const clip = (fill: [number, number, number], x: number): RiggedClip => {
      const frames = Array.from({ length: 8 }, () => {
        const img = createImage(16, 8, TRANSPARENT);
        for (let y = 0; y < 8; y++) for (let k = 0; k < 8; k++) img.data.set([...fill, 255], (y * 16 + x + k) * 4);
        return img;
      });
      return { frames, background: TRANSPARENT, pivot: { x: 8, y: 8 }, start: { x: 0, y: 0, width: 16, height: 8, scale: 1 }, rig: null };
    };
    const a = clip([200, 0, 0], 0), b = clip([0, 0, 200], 4);
    const joined = joinClips(a, b, b.frames[0]!, false, 4);
    const alpha = (f: { data: Uint8Array }, x: number): number => f.data[x * 4 + 3]!;
    const [first, second] = [joined.frames[3]!, joined.frames[4]!];
    // The shapes: a's (columns 0-7) and then b's (4-11), whole.
    for (let x = 0; x < 16; x++) {
      expect(alpha(first, x), `first, x ${x}`).toBe(x < 8 ? 255 : 0);
      expect(alpha(second, x), `second, x ${x}`).toBe(x >= 4 && x < 12 ? 255 : 0);
    }
    // A third of the way: red mixed a third toward blue where b lies over it, red alone where not.
    expect([...first.data.subarray(5 * 4, 5 * 4 + 3)]).toEqual([133, 0, 67]);
    expect([...first.data.subarray(1 * 4, 1 * 4 + 3)]).toEqual([200, 0, 0]);
    expect([...second.data.subarray(5 * 4, 5 * 4 + 3)]).toEqual([67, 0, 133]);
    expect([...second.data.subarray(10 * 4, 10 * 4 + 3)]).toEqual([0, 0, 200]);
  });
});

describe('start -> end posture', () => {
  // The end is the start's own figure with both arms raised: before the cut the start's figure
  // raises its arms toward it, so the cut changes the picture and not the posture.
  it('moves the start\'s figure toward the end\'s posture before the cut', () => {
    const start = hero(96);
    const rigged = rigSubject(start, false)!;
    const { armL, armR } = rigged.rig.index;
    const bones = rigged.rig.bones.map((_, k) => (k === armL ? { angle: 1.2, stretch: 1 } : k === armR ? { angle: -1.2, stretch: 1 } : undefined));
    const drawn = drawPosed(rigged, { bones, offset: { x: 0, y: 0 } });
    const end = copyInto(createImage(96, 96, TRANSPARENT), drawn.image, Math.round(rigged.rig.ground.x - drawn.ground.x), Math.round(rigged.rig.ground.y - drawn.ground.y));
    // Raised arms widen the figure: before the cut (frame 4 is the start's clip alone, the dissolve
    // is frames 5 and 6) it is already wider on the way; with the start as its own end it is not.
    const width = (to: typeof end, i: number): number => {
      const r = animate({ start, end: to, text: 'idle', frames: 12, isPixel: false, seed: 's' });
      return boxOf(subjectMask(r.frames[i]!))!.width;
    };
    expect(width(end, 4)).toBeGreaterThanOrEqual(width(start, 4) + 4);
    expect(width(end, 4)).toBeLessThan(boxOf(subjectMask(end))!.width);
  });
});

describe('start -> its edge', () => {
  // A coin whose end image is its edge turns to it: the cut lands on a coin already edge-on.
  it('turns a flat thing to its edge before the cut', () => {
    const coin = still('coin');
    const r = animate({ start: coin.image, end: coin.end!.image, text: 'idle', frames: 20, isPixel: true, seed: 's' });
    const width = (i: number): number => boxOf(subjectMask(r.frames[i]!))!.width;
    expect(width(9)).toBeLessThanOrEqual(0.5 * width(0));
    expect(width(5)).toBeLessThan(width(0));
  });
});
