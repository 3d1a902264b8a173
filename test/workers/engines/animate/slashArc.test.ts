// The smear arc a figure with no arm found swings: a crescent in front of the body on a slash's fast
// frames (never on a dash's), in the palette's lightest colour with hard pixels for pixel art.
import { describe, expect, it } from 'vitest';
import { arcExtent, arcFor, drawArc } from '../../../../workers/engines/animate/slashArc.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { extractPalette, usesOnlyPalette } from '../../../../workers/kernels/palette.ts';
import { still } from '../../../fixtures/realSprites.ts';
import { boxOf, subjectMask } from '../../../helpers/animMetrics.ts';

describe('drawArc', () => {
  const body = { x0: 20, y0: 10, x1: 40, y1: 70 };
  for (const fwd of [1, -1] as const) {
    it(`draws a crescent ahead of a body facing ${fwd > 0 ? 'right' : 'left'}, inside its extent`, () => {
      const canvas = createImage(100, 80);
      const arc = arcFor(body, fwd);
      drawArc(canvas, arc, 0, 0, [250, 250, 250], 1, true);
      const e = arcExtent(arc);
      let ahead = 0, behind = 0, outside = 0, soft = 0;
      for (let y = 0; y < 80; y++) for (let x = 0; x < 100; x++) {
        const a = canvas.data[(y * 100 + x) * 4 + 3]!;
        if (a === 0) continue;
        if (a !== 255) soft++;
        if (x + 1 < e.x0 || x > e.x1 || y + 1 < e.y0 || y > e.y1) outside++;
        if (fwd > 0 ? x >= body.x1 : x < body.x0) ahead++; else behind++;
      }
      expect(soft).toBe(0);
      expect(outside).toBe(0);
      // Most of it is past the body's front edge, and it spans most of the body's height.
      expect(ahead).toBeGreaterThan(3 * behind);
      const m = subjectMask(canvas);
      expect(boxOf(m)!.height).toBeGreaterThan(0.8 * (body.y1 - body.y0));
    });
  }
});

describe('an armless side-view figure slashes with a smear arc', () => {
  const knight = still('knight-side');
  const render = (text: string) => animate({ start: knight.image, text, frames: 24, isPixel: true, seed: 'arc' });
  /** Per frame: opaque pixels more than 2 px ahead of the furthest the body reaches forward in a dash-free pose. */
  const aheadOf = (frames: ReturnType<typeof render>['frames'], front: number) =>
    frames.map((f) => { let n = 0; for (let y = 0; y < f.height; y++) for (let x = front; x < f.width; x++) if (f.data[(y * f.width + x) * 4 + 3]) n++; return n; });

  it('attack: a crescent ahead of the body on the strike frames only, in the input palette', () => {
    const { frames } = render('attack');
    const h = boxOf(subjectMask(frames[0]!))!.height;
    const b0 = boxOf(subjectMask(frames[0]!))!;
    // The body lunges 8% of its height at most; the arc reaches 18% past its front.
    const ahead = aheadOf(frames, b0.x + b0.width + Math.ceil(0.1 * h) + 1);
    const arcFrames = ahead.filter((n) => n >= 0.3 * h).length;
    expect(arcFrames).toBeGreaterThanOrEqual(1);
    expect(arcFrames).toBeLessThanOrEqual(4);
    const palette = extractPalette([knight.image])!;
    for (const f of frames) expect(usesOnlyPalette(f, palette)).toBe(true);
  });

  it('dash: an afterimage motion draws no arc', () => {
    const { frames } = render('dash');
    const anyArc = frames.some((f) => {
      const fm = subjectMask(f);
      // A swoosh pixel is the palette's lightest colour with nothing of the body beside it; count
      // columns whose opaque pixels are all that colour.
      const b = boxOf(fm)!;
      for (let x = b.x; x < b.x + b.width; x++) {
        let light = 0, other = 0;
        for (let y = 0; y < f.height; y++) {
          const i = (y * f.width + x) * 4;
          if (!f.data[i + 3]) continue;
          if (f.data[i]! > 230 && f.data[i + 1]! > 220 && f.data[i + 2]! > 200) light++; else other++;
        }
        if (light >= 3 && other === 0) return true;
      }
      return false;
    });
    expect(anyArc).toBe(false);
  });
});

// A figure facing the viewer used to only lean (which a front view cannot show): now it raises the
// striking arm and, on the fast frames, a swoosh crosses its chest from that shoulder to the other hip.
describe('a front-view figure strikes across its front', () => {
  const s = still('adventurer-front');
  const { frames } = animate({ start: s.image, text: 'attack', frames: 12, isPixel: false, seed: 'arc' });
  /** Near-white pixels (the swoosh) more than frame 0 has, over the body's box. */
  const white = (f: (typeof frames)[number]) => { let n = 0; for (let i = 0; i < f.data.length; i += 4) if (f.data[i + 3]! > 128 && f.data[i]! > 225 && f.data[i + 1]! > 225 && f.data[i + 2]! > 225) n++; return n; };

  it('a swoosh across the chest on the strike frames only, the figure keeping its area', () => {
    const w0 = white(frames[0]!);
    const h = boxOf(subjectMask(frames[0]!))!.height;
    const swooshing = frames.map((f) => white(f) - w0 >= 0.5 * h);
    expect(swooshing.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(swooshing.filter(Boolean).length).toBeLessThanOrEqual(3);
    // Over the body, not off it: the opaque box widens by no more than the arm raised out to the
    // side (its length from the shoulder, which the wind-up swings out past the body's edge).
    const b0 = boxOf(subjectMask(frames[0]!))!;
    const { rig } = rigSubject(s.image, false)!;
    const arm = rig.bones[rig.index.armL!]!, hand = rig.bones[rig.index.armLLower!]!.tail;
    const reach = Math.hypot(hand.x - arm.head.x, hand.y - arm.head.y);
    frames.forEach((f, i) => {
      if (!swooshing[i]) return;
      const b = boxOf(subjectMask(f))!;
      expect(b.width, `frame ${i}`).toBeLessThanOrEqual(b0.width + reach);
    });
  });
});

// A tenth of the swing's chord thick, a pixel at least: on a 15 px figure a two-pixel band across the
// lower face read as a white mask (16 and 21 new white pixels on the 15 px viking and the 28 px mage);
// a line a pixel wide reads as the swing and leaves the face to see. A line has about one new white
// pixel per pixel of its longer extent, a band two.
describe('a small front-view figure strikes with a thin line', () => {
  it.each(['warrior-front', 'mage-front'])('%s: the swoosh is about a pixel wide across the body', (name) => {
    const s = still(name);
    const { frames } = animate({ start: s.image, text: 'attack', frames: 12, isPixel: true, seed: 'arc' });
    const isWhite = (f: (typeof frames)[number], i: number) => f.data[i + 3]! > 128 && f.data[i]! > 225 && f.data[i + 1]! > 225 && f.data[i + 2]! > 225;
    const h = boxOf(subjectMask(frames[0]!))!.height;
    const white = (f: (typeof frames)[number]) => { let n = 0; for (let i = 0; i < f.data.length; i += 4) if (isWhite(f, i)) n++; return n; };
    const added = frames.map((f) => {
      // How many more white pixels, and how far the new ones reach (the swoosh's longer extent).
      const columns = new Set<number>(), rows = new Set<number>();
      for (let i = 0; i < f.data.length; i += 4) if (isWhite(f, i) && !isWhite(frames[0]!, i)) { columns.add((i / 4) % f.width); rows.add(Math.floor(i / 4 / f.width)); }
      return { n: white(f) - white(frames[0]!), across: Math.max(columns.size, rows.size) };
    });
    const strikes = added.filter((a) => a.n >= 0.3 * h);
    expect(strikes.length).toBeGreaterThanOrEqual(1);
    for (const a of strikes) expect(a.n).toBeLessThanOrEqual(1.5 * a.across);
  });
});
