// The body plans found for real creatures and items: a rhino stands on short legs and faces its
// horn, a bat spreads wings over the feet that hang between them, a slime's flared rim is no pair of
// legs, and items are a body alone. Then that each plan moves what it found.
import { describe, expect, it } from 'vitest';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import { resizeTo } from '../../../../workers/kernels/resize.ts';
import { still } from '../../../fixtures/realSprites.ts';
import { cloneImage } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { boxOf, components, subjectMask } from '../../../helpers/animMetrics.ts';

/**
 * The 16 px front warrior without its boots' row: its two boots, side by side on the lowest row,
 * are what makes it a figure; without them it is a helmet over a body, limbs too small to find.
 */
function bootless(): RawImage {
  const image = cloneImage(still('warrior-front').image);
  let bottom = -1;
  for (let p = 0; p < image.width * image.height; p++) if (image.data[p * 4 + 3]! > 0) bottom = Math.floor(p / image.width);
  image.data.fill(0, bottom * image.width * 4, (bottom + 1) * image.width * 4);
  return image;
}

const limbs = (name: string): string[] => rigSubject(still(name).image, true)!.rig.bones.map((b) => b.name).filter((n) => /^(leg|wing)/.test(n));

describe('creature rigs on real sprites', () => {
  it('the rhino stands on two short legs and faces the way its horn points (left)', () => {
    const { rig } = rigSubject(still('rhino').image, true)!;
    expect(rig.plan).toBe('legged');
    expect(rig.facing).toBe(-1);
    expect(limbs('rhino')).toEqual(['leg0', 'leg0Lower', 'leg1', 'leg1Lower']);
  });

  it('the bat spreads two wings; its hanging feet are not legs', () => {
    expect(rigSubject(still('bat').image, true)!.rig.plan).toBe('winged');
    expect(limbs('bat').sort()).toEqual(['wingL', 'wingR']);
  });

  it.each(['slime-44', 'slime-24', 'coin', 'key'])('%s is a soft body with no limbs', (name) => {
    expect(rigSubject(still(name).image, true)!.rig.plan).toBe('blob');
  });

  // Smaller, the arc of the key's bow left of the core read as one wing seen from the side (at 76%
  // and 58% of its size): a flat thing has no wings.
  it('the painted key is a flat body with no limbs at every size from 40% to 100%', () => {
    const { image } = still('key');
    for (let k = 100; k >= 40; k -= 3) {
      const small = k === 100 ? image : resizeTo(image, Math.round((image.width * k) / 100), Math.round((image.height * k) / 100), 'smooth');
      const { rig } = rigSubject(small, false)!;
      expect([rig.plan, rig.edge !== undefined], `${k}%`).toEqual(['blob', true]);
    }
  });

  // A coin and a key are flat: turned side-on they show their edge. A slime, a squat 16 px figure
  // read as a soft body and a rhino are bodies: side-on they keep their depth.
  it.each(['coin', 'key'])('%s is a flat thing: a spin turns it to a thin, whole edge', (name) => {
    const s = still(name);
    expect(rigSubject(s.image, s.isPixel)!.rig.edge).toBeGreaterThan(0);
    const { frames } = animate({ start: s.image, text: 'spin', frames: 18, isPixel: s.isPixel, seed: 'spin' });
    const b0 = boxOf(subjectMask(frames[0]!, s.background))!;
    const boxes = frames.map((f) => boxOf(subjectMask(f, s.background))!);
    // At most a quarter of its width (4 px of a 16 px coin) at the edge, and never gone.
    expect(Math.min(...boxes.map((b) => b.width))).toBeLessThanOrEqual(Math.max(4, 0.25 * b0.width));
    expect(Math.min(...boxes.map((b) => b.width))).toBeGreaterThanOrEqual(2);
    // Edge-on it is as tall as face-on and in one piece (a line of sight meets every row of it).
    frames.forEach((f, i) => {
      const m = subjectMask(f, s.background);
      expect(boxes[i]!.height, `frame ${i}`).toBe(b0.height);
      expect(components(m, 3).length, `frame ${i}`).toBe(1);
    });
  });

  it.each(['slime-44', 'slime-24', 'warrior-front', 'rhino', 'pirate-front'])('%s is a body: side-on in a spin it keeps about 0.4 of its width', (name) => {
    const s = still(name);
    expect(rigSubject(s.image, s.isPixel)!.rig.edge).toBeUndefined();
    const { frames } = animate({ start: s.image, text: 'spin', frames: 18, isPixel: s.isPixel, seed: 'spin' });
    const w0 = boxOf(subjectMask(frames[0]!, s.background))!.width;
    const narrowest = Math.min(...frames.map((f) => boxOf(subjectMask(f, s.background))!.width));
    expect(narrowest).toBeGreaterThanOrEqual(0.38 * w0);
    expect(narrowest).toBeLessThanOrEqual(0.6 * w0);
  });

  // A quadruped crouches on its legs (the body dips, the legs shorten under it) and keeps its shape:
  // it used to squash like a slime, to 0.7 of its height and 1.4 of its width.
  it('a jumping rhino crouches on its legs, keeps its shape, leaves the ground and settles on landing', () => {
    const s = still('rhino');
    const { frames } = animate({ start: s.image, text: 'jump', frames: 18, isPixel: true, seed: 'rhino' });
    const boxes = frames.map((f) => boxOf(subjectMask(f, s.background))!);
    const b0 = boxes[0]!, bottom = (b: typeof b0) => b.y + b.height;
    boxes.forEach((b, i) => {
      expect(b.width / b0.width, `frame ${i} width`).toBeGreaterThanOrEqual(0.92);
      expect(b.width / b0.width, `frame ${i} width`).toBeLessThanOrEqual(1.08);
      expect(b.height / b0.height, `frame ${i} height`).toBeGreaterThanOrEqual(0.85);
      expect(b.height / b0.height, `frame ${i} height`).toBeLessThanOrEqual(1.12);
      // Never through the ground.
      expect(bottom(b), `frame ${i}`).toBeLessThanOrEqual(bottom(b0));
    });
    const highest = boxes.reduce((hi, b, i) => (bottom(b) < bottom(boxes[hi]!) ? i : hi), 0);
    expect(bottom(b0) - bottom(boxes[highest]!)).toBeGreaterThanOrEqual(0.12 * b0.height);
    // Feet down and the back lower than at rest: before the take-off (the crouch) and after the landing (the settle).
    const dips = (b: typeof b0) => bottom(b) === bottom(b0) && b.y >= b0.y + 2;
    expect(boxes.slice(1, highest).some(dips)).toBe(true);
    expect(boxes.slice(highest).some(dips)).toBe(true);
  });

  it('a figure whose limbs are too small to find (the 16 px front warrior, boots left out) is a firm blob: its jump keeps its height and it stays upright; slimes stay soft', () => {
    expect(rigSubject(bootless(), true)?.rig).toMatchObject({ plan: 'blob', firm: true });
    for (const name of ['slime-44', 'slime-24']) expect(rigSubject(still(name).image, true)?.rig.firm).toBeUndefined();
    const s = { image: bootless(), background: still('warrior-front').background };
    const { frames } = animate({ start: s.image, text: 'jump', frames: 12, isPixel: true, seed: 'firm' });
    const h0 = boxOf(subjectMask(frames[0]!, s.background))!.height;
    // Squashed as a soft body it went to about 0.6 of its height in the crouch.
    for (const f of frames) expect(boxOf(subjectMask(f, s.background))!.height).toBeGreaterThanOrEqual(Math.floor(0.85 * h0));
  });

  it('a firm blob strikes across its front: the warrior\'s attack draws the swoosh on its fast frames', () => {
    const s = { image: bootless() };
    const { frames } = animate({ start: s.image, text: 'attack', frames: 12, isPixel: true, seed: 'firm' });
    // The swoosh is the palette's lightest colour: count its pixels per frame, against frame 0's.
    const light = (d: Uint8Array) => { let best = -1, key = 0; for (let i = 0; i < d.length; i += 4) { const l = d[i]! + d[i + 1]! + d[i + 2]!; if (d[i + 3]! > 0 && l > best) (best = l), (key = (d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!); } return key; };
    const color = light(s.image.data);
    const count = (d: Uint8Array) => { let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0 && ((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!) === color) n++; return n; };
    const base = count(frames[0]!.data);
    // It only held still before (no arm found, no lean): no frame gained any.
    const struck = frames.filter((f) => count(f.data) >= base + 4).length;
    expect(struck).toBeGreaterThanOrEqual(1);
    expect(struck).toBeLessThanOrEqual(4);
  });

  it.each(['coin', 'key'])('a flat thing (%s) is rigid: its jump lifts it whole, never squashed or stretched', (name) => {
    const s = still(name);
    const { frames } = animate({ start: s.image, text: 'jump', frames: 12, isPixel: s.isPixel, seed: 'rigid' });
    const b0 = boxOf(subjectMask(frames[0]!, s.background))!;
    const boxes = frames.map((f) => boxOf(subjectMask(f, s.background))!);
    // It squashed and stretched like a slime (the key's ring an ellipse at the crouch).
    for (const b of boxes) {
      expect(Math.abs(b.height - b0.height)).toBeLessThanOrEqual(Math.max(1, 0.05 * b0.height));
      expect(Math.abs(b.width - b0.width)).toBeLessThanOrEqual(Math.max(1, 0.05 * b0.width));
    }
    expect(Math.min(...boxes.map((b) => b.y + b.height))).toBeLessThanOrEqual(b0.y + b0.height - 0.12 * b0.height);
  });

  it('a flapping bat moves its wing tips up and down, the body between them stays', () => {
    const s = still('bat');
    const { frames } = animate({ start: s.image, text: 'float', frames: 24, isPixel: true, seed: 'bat' });
    // The top of the left wing's outer quarter, against the top of the body's middle column: a
    // body that only floats moves both alike.
    const tipTop = frames.map((f) => {
      const m = subjectMask(f, s.background);
      const b = boxOf(m)!;
      const top = (x0: number, x1: number): number => {
        for (let y = 0; y < m.height; y++) for (let x = x0; x < x1; x++) if (m.data[y * m.width + x]) return y;
        return m.height;
      };
      const mid = Math.round(b.x + b.width / 2);
      return top(b.x, Math.round(b.x + b.width / 4)) - top(mid - 2, mid + 2);
    });
    expect(Math.max(...tipTop) - Math.min(...tipTop)).toBeGreaterThanOrEqual(4);
  });

  it('a dying slime melts into a puddle: it ends wide and low, never stood on its edge', () => {
    for (const name of ['slime-24', 'slime-44']) {
      const s = still(name);
      const { frames } = animate({ start: s.image, text: 'die', frames: 24, isPixel: true, seed: 'melt' });
      const box = (i: number) => boxOf(subjectMask(frames[i]!, s.background))!;
      const first = box(0), last = box(frames.length - 1);
      expect(last.height, name).toBeLessThanOrEqual(0.45 * first.height);
      expect(last.width, name).toBeGreaterThanOrEqual(1.4 * first.width);
      for (let i = 0; i < frames.length; i++) expect(box(i).height, `${name} frame ${i}`).toBeLessThanOrEqual(first.height * 1.25);
    }
  });
});
