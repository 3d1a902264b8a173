// Restyle with a reference on real sprites: the reference takes the source's motion (its legs
// stride when the source's do, in step, its head stays whole), and every figure of a GIF that
// shows several is replaced.
import { describe, expect, it } from 'vitest';
import { restyle } from '../../../../workers/engines/restyle/restyle.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import { decodeGif } from '../../../../workers/codecs/gif.ts';
import { decodeStill, sliceSheet } from '../../../../workers/codecs/decode.ts';
import { poseSheets } from '../../../fixtures/realSprites.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { components, HEAD, LEGS, regionChange, subjectMask } from '../../../helpers/animMetrics.ts';
import { sources, still } from '../../../fixtures/realSprites.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { crop, opaqueBounds } from '../../../../workers/kernels/compose.ts';
import { pixelGrid } from '../../../../workers/engines/rig/skin.ts';

const pearson = (a: number[], b: number[]): number => {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a), mb = mean(b);
  let cov = 0, va = 0, vb = 0;
  a.forEach((x, i) => ((cov += (x - ma) * (b[i]! - mb)), (va += (x - ma) ** 2), (vb += (b[i]! - mb) ** 2)));
  return cov / Math.sqrt(va * vb);
};

describe('restyle with a reference, on real sprites', () => {
  // The skeleton's walk: a stride the pose reader can see (a figure under 24 px slides its feet as
  // blocks a pixel or two, too little a stride to measure a copy by).
  it('the pirate walks as the skeleton it replaces walks: legs stride in step, the head stays whole, nothing tears', () => {
    const skeleton = still('skeleton-side');
    const walk = animate({ start: skeleton.image, text: 'walk', frames: 12, isPixel: true, seed: 'reference' });
    const pirate = still('pirate-side').image;
    const { frames } = restyle({ source: { frames: walk.frames, delaysMs: walk.frames.map(() => 83) }, frames: 12, text: '', reference: pirate, seed: 'reference' });
    const legs = (fs: readonly RawImage[]) => fs.map((f) => regionChange(f, fs[0]!, LEGS));
    const source = legs(walk.frames), out = legs(frames);
    // Measured 0.39, in step 0.91, head 0.00. A still moved along scores 0 on legs. With the
    // skeleton's legs read as one when they overlap (both bones the same way), the step was 0.61.
    expect(Math.max(...out)).toBeGreaterThan(0.08);
    expect(pearson(source, out)).toBeGreaterThan(0.8);
    for (const f of frames) {
      expect(regionChange(f, frames[0]!, HEAD)).toBeLessThan(0.05);
      expect(components(subjectMask(f), 3).length).toBeLessThanOrEqual(components(subjectMask(pirate), 3).length);
    }
  });

  /** The robed wizard animated as `text` (12 frames), restyled with the knight as its reference. */
  const knightForWizard = (text: string) => {
    const source = animate({ start: still('wizard-side').image, text, frames: 12, isPixel: true, seed: 'reference' });
    return restyle({ source: { frames: source.frames, delaysMs: source.frames.map(() => 83) }, frames: 12, text: '', reference: still('knight-side').image, seed: 'reference' });
  };

  // The wizard's feet trade places under its robe while its outline only sways: read from the
  // outline the knight stood still (legs 0.00 in every frame). It now runs with the gait of the
  // motion library over the wizard's loop; a wizard that stays in place gets no stride.
  it('the knight runs as the robed wizard it replaces runs, and stands as it stands', async () => {
    const strip = sources.find((s) => s.name === 'wizard-run-strip')!;
    const run = sliceSheet(await decodeStill(strip.bytes, 'png'), strip.grid!);
    const knight = still('knight-side').image;
    const { frames } = restyle({ source: run, frames: 6, text: '', reference: knight, seed: 'reference' });
    const legs = frames.map((f) => regionChange(f, frames[0]!, LEGS));
    // Measured 0.26-0.31 on the four stepping frames, the head 0.00.
    expect(legs.filter((c) => c > 0.15).length).toBeGreaterThanOrEqual(3);
    for (const f of frames) expect(regionChange(f, frames[0]!, HEAD)).toBeLessThan(0.05);
    for (const text of ['idle', 'cast']) {
      const out = knightForWizard(text);
      for (const f of out.frames) expect(regionChange(f, out.frames[0]!, LEGS), text).toBeLessThan(0.05);
    }
  });

  // A jump tucks the leg block one way and leaves the ground, an attack lunges one way: neither is a
  // stride (a walk's block swings forward and back on one baseline). Measured 0.00 in the frames
  // where a run would step (0.22-0.32) before the swing had to go both ways.
  it.each(['jump', 'attack'])('the knight replacing a robed wizard that does not step (%s) does not run', (text) => {
    const out = knightForWizard(text);
    for (const f of out.frames.slice(1, 5)) expect(regionChange(f, out.frames[0]!, LEGS)).toBeLessThan(0.05);
  });

  it('every walker of the four-direction skeleton GIF becomes the warrior, in every frame', () => {
    const gif = decodeGif(sources.find((s) => s.name === 'skeleton-walk-gif')!.bytes);
    const { frames } = restyle({ source: gif, frames: 8, text: '', reference: still('warrior-front').image, seed: 'reference' });
    for (const f of frames) expect(components(subjectMask(f), 40)).toHaveLength(6);
  });

  it('a reference broader than the cells it fills is sized so no pose is cut at a side', () => {
    // The cartoon adventurer's 80 px cells, replaced by the 16 px skeleton with its shield, grown whole pixels.
    const sheet = poseSheets.find((s) => s.name === 'adventurer-sheet')!;
    const source = sliceSheet(sheet.image, sheet.grid);
    const { frames } = restyle({ source, frames: 12, text: '', reference: still('skeleton-front').image, seed: 'reference' });
    // Opaque pixels in each frame's first and last column: a figure flush against a side shows its
    // outline there (measured 0-8), one cut by it a whole column of body (37-55 before it was sized to fit).
    for (const f of frames) {
      let edge = 0;
      for (let y = 0; y < f.height; y++) for (const x of [0, f.width - 1]) if (f.data[(y * f.width + x) * 4 + 3]! >= 128) edge++;
      expect(edge).toBeLessThanOrEqual(12);
    }
  });

  // A 16 px pirate replacing the wizard's run grown 4 times is 6 screen pixels an art pixel. Posed and
  // drawn at that size, its turned limbs were 6 px blocks turned off the grid (mixels): one grid of 1.
  // A material's grain, rim and fade are the art's pixels too (applied to the screen's, one grid of 1).
  it.each(['', 'stone', 'neon', 'ghost'])('a small pixel reference for a large figure is posed in its own pixels and grown whole, "%s": every frame is one grid of blocks', async (text) => {
    const strip = sources.find((s) => s.name === 'wizard-run-strip')!;
    const cells = sliceSheet(await decodeStill(strip.bytes, 'png'), strip.grid!);
    const big = { ...cells, frames: cells.frames.map((f) => resizeTo(f, f.width * 4, f.height * 4, 'nearest')) };
    const { frames } = restyle({ source: big, frames: 12, text, reference: still('pirate-side').image, seed: 'reference' });
    const sizes = frames.map((f) => {
      const box = opaqueBounds(f, 0)!;
      const figure = crop(f, box.x, box.y, box.width, box.height);
      // (See-through pixels keep whatever colour the source had under them: not part of the picture.)
      for (let i = 0; i < figure.data.length; i += 4) if (figure.data[i + 3] === 0) figure.data.fill(0, i, i + 4);
      return pixelGrid(figure).size;
    });
    expect(new Set(sizes).size).toBe(1);
    expect(sizes[0]).toBeGreaterThanOrEqual(5);
  });
});
