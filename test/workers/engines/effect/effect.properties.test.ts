// What every effect must do, whatever it looks like: frames that are all drawn and all different,
// one-shots that build, peak in the middle third and fade, loops that close, the right warmth,
// and an opaque sheet that is exactly the transparent one over its background, with no fringe.
import { describe, expect, it } from 'vitest';
import { drawEffectCells, effect, frameTimes } from '../../../../workers/engines/effect/effect.ts';
import { planEffect } from '../../../../workers/engines/effect/style.ts';
import { flattenOnto } from '../../../../workers/engines/effect/flatten.ts';
import { cutFrames } from '../../../../workers/output/sheet.ts';
import type { Rgba } from '../../../../workers/kernels/image.ts';
import type { RawImage } from '../../../../workers/types.ts';

const grey: Rgba = { r: 106, g: 106, b: 106, a: 255 };
const CELL = 96;

/** One description per family. */
const EFFECTS: [string, string][] = [
  ['fire', 'fire'], ['explosion', 'explosion'], ['smoke', 'smoke'], ['lightning', 'lightning strike'],
  ['electric', 'electric sparks'], ['sparkle', 'magic sparkle'], ['ice', 'ice aura'], ['splash', 'water splash'],
  ['poison', 'poison cloud'], ['heal', 'heal'], ['slash', 'sword slash'], ['impact', 'impact'],
  ['shockwave', 'shockwave'], ['portal', 'portal'], ['orb', 'energy orb'], ['dust', 'dust cloud'],
];

const BACKGROUNDS: [string, string][] = [
  ['white', '#FFFFFF'], ['chroma_green', '#52FF60'], ['magenta', '#FF4CFF'],
  ['light_gray', '#A6A6A6'], ['light_purple', '#866CFE'], ['dark_gray', '#6A6A6A'],
];
const hex = (h: string): Rgba => ({ r: parseInt(h.slice(1, 3), 16), g: parseInt(h.slice(3, 5), 16), b: parseInt(h.slice(5, 7), 16), a: 255 });

/** How much is drawn: the sum of alpha, in whole opaque pixels. */
const mass = (img: RawImage): number => {
  let s = 0;
  for (let i = 3; i < img.data.length; i += 4) s += img.data[i]!;
  return s / 255;
};

const cells = (text: string, frames: number, times?: number[]) => {
  const plan = planEffect(text, undefined, grey);
  return { plan, frames: drawEffectCells(plan, times ?? frameTimes(frames, plan.oneShot), frames, CELL, `seed:${text}`) };
};

describe.each(EFFECTS)('%s', (name, text) => {
  it('draws every frame, and no two frames alike', () => {
    for (const n of [4, 9, 16]) {
      const { plan, frames } = cells(text, n);
      expect(plan.effect).toBe(name);
      for (const f of frames) expect(mass(f)).toBeGreaterThan(4);
      const keys = new Set(frames.map((f) => Buffer.from(f.data).toString('base64')));
      expect(keys.size).toBe(n);
    }
  });

  it('keeps a clear margin: nothing on the outermost pixels of a cell', () => {
    for (const f of cells(text, 16).frames) {
      for (let k = 0; k < CELL; k++) {
        for (const [x, y] of [[k, 0], [k, CELL - 1], [0, k], [CELL - 1, k]] as const) expect(f.data[(y * CELL + x) * 4 + 3]).toBe(0);
      }
    }
  });

  it('is a one-shot that builds, peaks in the middle third and fades, or a loop whose next frame is its first', () => {
    const n = 15;
    const { plan, frames } = cells(text, n);
    if (plan.oneShot) {
      const m = frames.map(mass);
      const peak = m.indexOf(Math.max(...m));
      const tPeak = (peak + 0.5) / n;
      expect(tPeak).toBeGreaterThanOrEqual(1 / 3);
      expect(tPeak).toBeLessThanOrEqual(2 / 3);
      expect(m[0]!).toBeLessThan(0.5 * m[peak]!);
      expect(m[n - 1]!).toBeLessThan(0.5 * m[peak]!);
    } else {
      // Frame n of n (phase 1) is frame 0, to float rounding.
      const [first, after] = drawEffectCells(plan, [0, 1], n, CELL, `seed:${text}`);
      let worst = 0;
      for (let i = 0; i < first!.data.length; i++) worst = Math.max(worst, Math.abs(first!.data[i]! - after!.data[i]!));
      expect(worst).toBeLessThanOrEqual(2);
      // ... while the frame before the end differs from it (it moves).
      expect(Buffer.from(frames[n - 1]!.data).equals(Buffer.from(first!.data))).toBe(false);
    }
  });

  it('is the same for the same seed, and another for another seed', () => {
    const plan = planEffect(text, undefined, grey);
    const a = drawEffectCells(plan, [0.4], 9, CELL, 'one')[0]!;
    const b = drawEffectCells(plan, [0.4], 9, CELL, 'one')[0]!;
    const c = drawEffectCells(plan, [0.4], 9, CELL, 'two')[0]!;
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    expect(Buffer.from(a.data).equals(Buffer.from(c.data))).toBe(false);
  });
});

describe('warmth', () => {
  /** Alpha-weighted mean red minus blue over all frames. */
  const warmth = (text: string) => {
    let rb = 0, w = 0;
    for (const f of cells(text, 9).frames) {
      for (let i = 0; i < f.data.length; i += 4) {
        const a = f.data[i + 3]!;
        rb += (f.data[i]! - f.data[i + 2]!) * a;
        w += a;
      }
    }
    return rb / w;
  };

  it.each([
    ['fire', 60], ['explosion', 40], ['golden heal', 40], ['red lightning', 40],
  ])('%s is warm on average (red over blue by more than %i)', (text, by) => {
    expect(warmth(text)).toBeGreaterThan(by);
  });

  it.each([
    ['ice aura', 40], ['frost', 40], ['water splash', 40], ['blue fire', 40], ['lightning', 20],
  ])('%s is cold on average (blue over red by more than %i)', (text, by) => {
    expect(-warmth(text)).toBeGreaterThan(by);
  });
});

describe.each(BACKGROUNDS)('sheets on %s', (_name, color) => {
  const background = hex(color);

  it.each(EFFECTS)('%s: opaque everywhere, background at the borders, keyed = opaque, no fringe', (_effect, text) => {
    const { sheet, transparent, plan } = effect({ description: text, frames: 4, size: 2 * CELL, background, seed: 'sheet' });
    const o = sheet.image.data;
    for (let i = 3; i < o.length; i += 4) if (o[i] !== 255) expect.fail(`alpha ${o[i]} at pixel ${(i - 3) / 4}`);
    for (const cell of cutFrames(sheet.image, sheet.rects)) {
      const d = cell.data;
      for (let k = 0; k < CELL; k++) {
        for (const [x, y] of [[k, 0], [k, CELL - 1], [0, k], [CELL - 1, k]] as const) {
          const i = (y * CELL + x) * 4;
          expect([d[i], d[i + 1], d[i + 2]]).toEqual([background.r, background.g, background.b]);
        }
      }
    }
    // The transparent sheet over the background is the opaque sheet.
    const back = flattenOnto(transparent.image, background).data;
    for (let i = 0; i < o.length; i++) if (Math.abs(back[i]! - o[i]!) > 1) expect.fail(`differs at byte ${i}`);
    // No pixel of the transparent sheet looks like the background unless the effect has that colour
    // itself (anywhere along its ramps, or the white of its highlights).
    const near = (r: number, g: number, b: number, c: Rgba) => Math.hypot(r - c.r, g - c.g, b - c.b) < 24;
    const along = (stops: readonly Rgba[]) => Array.from({ length: 33 }, (_, k) => {
      const f = (k / 32) * (stops.length - 1);
      const i = Math.min(stops.length - 2, Math.floor(f));
      const u = f - i, p = stops[i]!, q = stops[i + 1]!;
      return { r: p.r + (q.r - p.r) * u, g: p.g + (q.g - p.g) * u, b: p.b + (q.b - p.b) * u, a: 255 };
    });
    const own = [...along(plan.palette.ramp), ...along(plan.palette.smoke), { r: 255, g: 255, b: 255, a: 255 }].some((c) => near(c.r, c.g, c.b, background));
    if (!own) {
      const t = transparent.image.data;
      for (let i = 0; i < t.length; i += 4) {
        if (t[i + 3]! > 0 && near(t[i]!, t[i + 1]!, t[i + 2]!, background)) expect.fail(`background-coloured pixel ${[...t.subarray(i, i + 4)]} at ${i / 4}`);
      }
    }
  });
});

describe('the transparent sheet carries nothing of the background', () => {
  it.each(EFFECTS)('%s: the same bytes on every background whose colour did not change the palette', (_effect, text) => {
    const render = (color: string) => effect({ description: text, frames: 4, size: 2 * CELL, background: hex(color), seed: 'bg' });
    const base = render('#000000');
    for (const [, color] of BACKGROUNDS) {
      const other = render(color);
      if (other.plan.colors.join() !== base.plan.colors.join()) continue;
      expect(Buffer.from(other.transparent.image.data).equals(Buffer.from(base.transparent.image.data))).toBe(true);
    }
  });
});
