// Reading descriptions into effect plans (family, one-shot or loop, colours) and the sheet layout.
import { describe, expect, it } from 'vitest';
import { effect, frameTimes } from '../../../../workers/engines/effect/effect.ts';
import { planEffect } from '../../../../workers/engines/effect/style.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import type { Rgba } from '../../../../workers/kernels/image.ts';
import { solid } from '../../images.ts';

const grey: Rgba = { r: 106, g: 106, b: 106, a: 255 };
const green: Rgba = { r: 0x52, g: 0xff, b: 0x60, a: 255 };

describe('planEffect: which effect', () => {
  it.each([
    ['fire', 'fire', false],
    ['a roaring campfire', 'fire', false],
    ['Fire burst', 'explosion', true],
    ['explosion', 'explosion', true],
    ['smoke', 'smoke', false],
    ['lightning strike', 'lightning', true],
    ['thunder', 'lightning', true],
    ['electric sparks', 'electric', false],
    ['magic circle', 'sparkle', false],
    ['sparkles', 'sparkle', false],
    ['ice aura', 'ice', false],
    ['frost', 'ice', false],
    ['water splash', 'splash', true],
    ['toxic poison cloud', 'poison', false],
    ['acid', 'poison', false],
    ['heal', 'heal', true],
    ['heal burst', 'heal', true],
    ['holy light', 'heal', true],
    ['sword slash', 'slash', true],
    ['critical hit', 'impact', true],
    ['strike', 'impact', true],
    ['shockwave', 'shockwave', true],
    ['shock wave', 'shockwave', true],
    ['Shock-Wave', 'shockwave', true],
    ['electric shockwave', 'shockwave', true],
    ['an ice nova', 'shockwave', true],
    ['portal', 'portal', false],
    ['void rift', 'portal', false],
    ['energy orb', 'orb', false],
    ['fireball', 'orb', false],
    ['fire ball', 'orb', false],
    ['dust cloud', 'dust', true],
    ['landing dust', 'dust', true],
    ['ice explosion', 'explosion', true],
    ['poison burst', 'explosion', true],
  ])('"%s" is %s (one-shot: %s)', (text, name, oneShot) => {
    const plan = planEffect(text, undefined, grey);
    expect(plan.effect).toBe(name);
    expect(plan.oneShot).toBe(oneShot);
    expect(plan.fromText).toBe(true);
  });

  it('an unknown description is a magic sparkle, and says it was not read from the text', () => {
    const plan = planEffect('something nobody wrote a rule for', undefined, grey);
    expect(plan).toMatchObject({ effect: 'sparkle', oneShot: false, fromText: false, colorSource: 'effect' });
    expect(planEffect('', undefined, grey).fromText).toBe(false);
  });
});

const body = (text: string, bg = grey, reference?: ReturnType<typeof solid>) => planEffect(text, reference, bg).palette.ramp[2]!;

describe('planEffect: colours', () => {
  it.each([
    ['green fire', (c: Rgba) => c.g > c.r + 40 && c.g > c.b + 40],
    ['blue explosion', (c: Rgba) => c.b > c.r + 60 && c.b > c.g],
    ['purple portal', (c: Rgba) => c.r > c.g + 40 && c.b > c.g + 40],
    ['golden heal', (c: Rgba) => c.r > c.b + 80 && c.g > c.b + 40],
    ['red lightning', (c: Rgba) => c.r > c.g + 80 && c.r > c.b + 80],
    ['orange smoke', (c: Rgba) => c.r > c.b + 20],
    ['yellow sparkle', (c: Rgba) => c.r > c.b + 80 && c.g > c.b + 80],
    ['cyan poison', (c: Rgba) => c.g > c.r + 60 && c.b > c.r + 60],
    ['pink orb', (c: Rgba) => c.r > c.g + 60 && c.b > c.g],
    ['magenta slash', (c: Rgba) => c.r > c.g + 60 && c.b > c.g + 60],
    ['white fire', (c: Rgba) => toHsl(c).s < 0.15 && toHsl(c).l > 0.6],
    ['black smoke', (c: Rgba) => toHsl(c).l < 0.3],
    ['dark magic', (c: Rgba) => toHsl(c).l < 0.3],
    ['silver slash', (c: Rgba) => toHsl(c).s < 0.2],
  ])('"%s" recolours the ramp', (text, ok) => {
    const plan = planEffect(text, undefined, grey);
    expect(plan.colorSource).toBe('words');
    expect(ok(body(text))).toBe(true);
    expect(plan.colors).toHaveLength(8);
    for (const c of plan.colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps the ramp a ramp: light core, darker edge, whatever the colour', () => {
    for (const text of ['green fire', 'blue explosion', 'golden heal', 'black smoke']) {
      const ramp = planEffect(text, undefined, grey).palette.ramp;
      expect(toHsl(ramp[0]!).l).toBeGreaterThan(toHsl(ramp[4]!).l);
    }
  });

  it('takes the palette from a reference image (its subject, not its backdrop); colour words win', () => {
    const blue = planEffect('sparkles', solid(8, 8, [20, 60, 240, 255]), grey);
    expect(blue.colorSource).toBe('reference');
    expect(blue.palette.ramp[2]!.b).toBeGreaterThan(blue.palette.ramp[2]!.r + 60);
    // A teal disc on a cream backdrop: teal, not cream.
    const ref = solid(32, 32, [244, 236, 216, 255]);
    for (let y = 8; y < 24; y++) for (let x = 8; x < 24; x++) ref.data.set([19, 138, 138, 255], (y * 32 + x) * 4);
    const teal = planEffect('fire', ref, grey).palette.ramp[2]!;
    expect(teal.g).toBeGreaterThan(teal.r + 40);
    expect(planEffect('red fire', ref, grey).colorSource).toBe('words');
  });

  it('moves colours that would vanish into the background away from it', () => {
    const dist = (c: Rgba) => Math.hypot(c.r - green.r, c.g - green.g, c.b - green.b);
    const ramp = planEffect('green poison', undefined, green).palette.ramp;
    for (const c of ramp.slice(0, -1)) expect(dist(c)).toBeGreaterThanOrEqual(44);
  });
});

describe('effect: layout', () => {
  it.each([
    ['v2, 4 frames', 4, 1024, 2, 512],
    ['v2, 9 frames', 9, 1024, 3, 341],
    ['v2, 16 frames', 16, 1024, 4, 256],
    ['v1 1K', 16, 1024, 4, 256],
    ['a 100-frame bench sheet', 100, 2560, 10, 256],
  ])('%s: a %i-frame sheet of %i px, %i columns of %i px cells, both sheets alike', (_name, frames, size, columns, cell) => {
    const { sheet, transparent, tag, plan } = effect({ description: 'fire', frames, size, background: grey, seed: 's' });
    expect([sheet.image.width, sheet.image.height]).toEqual([size, size]);
    expect([transparent.image.width, transparent.image.height]).toEqual([size, size]);
    expect(sheet.grid).toEqual({ columns, rows: Math.ceil(frames / columns) });
    expect(sheet.rects[frames - 1]).toEqual({ x: ((frames - 1) % columns) * cell, y: Math.floor((frames - 1) / columns) * cell, w: cell, h: cell });
    expect(transparent.rects).toEqual(sheet.rects);
    expect(tag).toBe('fire');
    expect(plan.effect).toBe('fire');
  });

  it('frame times: loops sample 0, 1/n ...; one-shots the middle of each slice', () => {
    expect(frameTimes(4, false)).toEqual([0, 0.25, 0.5, 0.75]);
    expect(frameTimes(4, true)).toEqual([0.125, 0.375, 0.625, 0.875]);
  });

  it.each([
    [{ frames: 0 }, 'Expected integer between 1 and 121 for frames but received 0'],
    [{ size: 8 }, 'Expected integer between 16 and 8192 for size but received 8'],
  ])('checks its inputs first (%o)', (bad, message) => {
    expect(() => effect({ description: 'fire', frames: 4, size: 1024, background: grey, seed: 's', ...bad })).toThrow(message);
  });
});
