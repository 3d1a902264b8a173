// Start -> end: each clip draws only the frames the join shows of it, and the join is the same as
// if both had drawn every frame.
import { describe, expect, it } from 'vitest';
import { rigAnimation } from '../../../../workers/engines/animate/rigAnimation.ts';
import { clipsShown, joinClips } from '../../../../workers/engines/animate/startToEnd.ts';
import { planTimeline } from '../../../../workers/engines/animate/timeline.ts';
import { readMotionPlan } from '../../../../workers/engines/animate/plan.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { hero, pixelKnight } from '../../../fixtures/sprites.ts';

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
