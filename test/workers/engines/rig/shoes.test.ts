// A chibi drawn with its shoes straight under its shorts: the shoes step, kick and tuck on their
// own, whole, and the shorts' hem stays with the body instead of being dragged out with the legs.
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../../workers/types.ts';
import { rigSubject } from '../../../../workers/engines/rig/rigged.ts';
import { animate } from '../../../../workers/engines/animate/animate.ts';
import { drawPosed } from '../../../../workers/engines/rig/posed.ts';
import { components, seeThroughInside } from '../../../helpers/animMetrics.ts';
import type { Mask } from '../../../helpers/animMetrics.ts';

type Rgba = [number, number, number, number];
const BLACK: Rgba = [12, 12, 16, 255], SHORTS: Rgba = [120, 80, 40, 255], SHOE: Rgba = [220, 50, 50, 255], SKIN: Rgba = [240, 190, 150, 255], SHIRT: Rgba = [40, 90, 200, 255];

function paint(img: RawImage, inside: (x: number, y: number) => boolean, c: Rgba): void {
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (inside(x + 0.5, y + 0.5)) img.data.set(c, (y * img.width + x) * 4);
}
const ellipse = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const below = (y0: number, f: (x: number, y: number) => boolean) => (x: number, y: number) => y < y0 && f(x, y);
const rect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

/**
 * A chibi's round body in shorts (the shorts' line from row `cy`, where the body's middle is, cut off
 * below `hem`), and its big head facing right, centred on row `headY`.
 */
function body(img: RawImage, cy: number, headY: number, hem = Infinity): void {
  paint(img, ellipse(86, cy, 46, 40), BLACK); paint(img, ellipse(86, cy, 42, 36), SHIRT);
  paint(img, below(hem, (x, y) => y > cy && ellipse(86, cy, 46, 40)(x, y)), BLACK);
  paint(img, below(hem, (x, y) => y > cy + 4 && ellipse(86, cy, 42, 36)(x, y)), SHORTS);
  paint(img, ellipse(96, headY, 52, 48), BLACK); paint(img, ellipse(96, headY, 48, 44), SKIN);
  paint(img, ellipse(144, headY + 6, 10, 8), BLACK); paint(img, ellipse(144, headY + 6, 7, 5), SKIN); // nose
}

/** Seen from its side, facing right: a big head, a round body in shorts, two shoes under the shorts' hem. */
function chibi(): RawImage {
  const img: RawImage = { width: 180, height: 220, data: new Uint8Array(180 * 220 * 4) };
  for (const cx of [58, 116]) {
    paint(img, below(210, ellipse(cx, 196, 26, 18)), BLACK);
    paint(img, below(206, ellipse(cx, 196, 22, 14)), SHOE);
  }
  body(img, 150, 64, 190);
  return img;
}

/** The same chibi with a stub of bare leg between its shorts and each shoe, each in its own lines. */
function chibiWithLegs(): RawImage {
  const img: RawImage = { width: 180, height: 224, data: new Uint8Array(180 * 224 * 4) };
  for (const cx of [64, 108]) {
    paint(img, rect(cx - 9, 166, cx + 9, 200), BLACK); paint(img, rect(cx - 6, 166, cx + 6, 197), SKIN); // leg
    paint(img, below(218, ellipse(cx + 4, 204, 24, 16)), BLACK); paint(img, below(214, ellipse(cx + 4, 204, 20, 12)), SHOE);
  }
  body(img, 140, 56);
  return img;
}

/** A chibi in trousers: their fill runs on from its hips into two trouser legs, over its boots. */
function chibiInTrousers(): RawImage {
  const img: RawImage = { width: 180, height: 212, data: new Uint8Array(180 * 212 * 4) };
  paint(img, ellipse(86, 130, 46, 40), BLACK);
  for (const cx of [64, 108]) paint(img, rect(cx - 14, 140, cx + 14, 189), BLACK);
  paint(img, ellipse(86, 130, 42, 36), SHIRT);
  paint(img, (x, y) => y > 134 && ellipse(86, 130, 42, 36)(x, y), SHORTS);
  for (const cx of [64, 108]) paint(img, rect(cx - 10, 140, cx + 10, 186), SHORTS); // trouser legs
  for (const cx of [64, 108]) { paint(img, below(208, ellipse(cx + 4, 192, 24, 16)), BLACK); paint(img, below(204, ellipse(cx + 4, 192, 20, 12)), SHOE); }
  paint(img, ellipse(96, 50, 50, 46), BLACK); paint(img, ellipse(96, 50, 46, 42), SKIN); // head
  paint(img, ellipse(142, 56, 10, 8), BLACK); paint(img, ellipse(142, 56, 7, 5), SKIN); // nose
  return img;
}

const capsule = (ax: number, ay: number, bx: number, by: number, r: number) => (x: number, y: number): boolean => {
  const vx = bx - ax, vy = by - ay, t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
  return Math.hypot(x - ax - t * vx, y - ay - t * vy) <= r;
};

/** The chibi with its far arm hanging down its side, the hand resting on the top of its back shoe. */
function chibiWithArm(): RawImage {
  const img = chibi();
  paint(img, capsule(64, 122, 72, 176, 11), BLACK); paint(img, capsule(64, 122, 72, 176, 7), [150, 200, 255, 255]);
  paint(img, ellipse(74, 188, 11, 11), BLACK); paint(img, ellipse(74, 188, 8, 8), SKIN);
  return img;
}

const isShorts = (d: Uint8Array, i: number): boolean => d[i + 3]! > 128 && Math.abs(d[i]! - 120) < 30 && Math.abs(d[i + 1]! - 80) < 30 && d[i + 2]! < 80;
const isShoe = (d: Uint8Array, i: number): boolean => d[i + 3]! > 128 && d[i]! > 170 && d[i + 1]! < 110 && d[i + 2]! < 110;
const count = (f: RawImage, is: (d: Uint8Array, i: number) => boolean): number => {
  let n = 0;
  for (let i = 0; i < f.data.length; i += 4) if (is(f.data, i)) n++;
  return n;
};
/** See-through pixels inside the figure: clear, with solid pixels within 2 px on both sides. */
const seeThrough = (f: RawImage): number => seeThroughInside(f, 128, 200);
/** The pieces of the colour (specks of a soft edge left out). */
const pieces = (f: RawImage, is: (d: Uint8Array, i: number) => boolean): number => {
  const mask: Mask = { width: f.width, height: f.height, data: new Uint8Array(f.width * f.height) };
  for (let p = 0; p < mask.data.length; p++) if (is(f.data, p * 4)) mask.data[p] = 1;
  return components(mask, 12).length;
};

describe('a chibi\'s shoes under its shorts', () => {
  it('are its legs, rigid, each on its leg\'s end; the hem over them is the body\'s', () => {
    const img = chibi();
    const { rig } = rigSubject(img, false)!;
    expect(rig.view).toBe('side');
    const legs = rig.parts.filter((p) => /^leg[LRFB]$/.test(p.name) && p.copyOf === undefined);
    expect(legs.length).toBeGreaterThan(0);
    for (const leg of legs) {
      expect(leg.rigid).toBe(true);
      expect(leg.bones.map((b) => rig.bones[b]!.name)).toEqual([`${leg.name}Lower`]);
    }
    const legLabels = new Set(legs.map((p) => rig.parts.indexOf(p)));
    let shortsOnLegs = 0, shoeOnLegs = 0, shoe = 0;
    for (let p = 0; p < rig.labels.length; p++) {
      const onLeg = legLabels.has(rig.labels[p]!);
      if (isShorts(img.data, p * 4) && onLeg) shortsOnLegs++;
      if (isShoe(img.data, p * 4)) { shoe++; if (onLeg) shoeOnLegs++; }
    }
    expect(shortsOnLegs).toBe(0);
    expect(shoeOnLegs).toBe(shoe);
  });

  it('take a stub of leg drawn between hem and shoe along with the shoe; the hem stays the body\'s', () => {
    const img = chibiWithLegs();
    const { rig } = rigSubject(img, false)!;
    const legs = new Set(rig.parts.flatMap((p, i) => (/^leg[LRFB]$/.test(p.name) && p.rigid ? [i] : [])));
    expect(legs.size).toBeGreaterThan(0);
    const hipY = rig.bones[rig.index.spine!]!.head.y;
    const isSkin = (d: Uint8Array, i: number): boolean => d[i + 3]! > 128 && d[i]! > 220 && d[i + 1]! > 170 && d[i + 2]! > 130;
    let skin = 0, skinOnLegs = 0, shortsOnLegs = 0;
    for (let p = Math.ceil(hipY) * img.width; p < rig.labels.length; p++) {
      if (isSkin(img.data, p * 4)) { skin++; if (legs.has(rig.labels[p]!)) skinOnLegs++; }
      if (isShorts(img.data, p * 4) && legs.has(rig.labels[p]!)) shortsOnLegs++;
    }
    expect(skin).toBeGreaterThan(100);
    expect(skinOnLegs).toBe(skin);
    expect(shortsOnLegs).toBe(0);
  });

  it('are not taken apart from trouser legs: trousers whose fill runs on beside the gap between the legs bend with them', () => {
    const { rig } = rigSubject(chibiInTrousers(), false)!;
    expect(rig.index.legL).toBeDefined();
    for (const leg of rig.parts.filter((p) => /^leg[LRFB]$/.test(p.name))) expect(leg.rigid, leg.name).toBeUndefined();
  });

  it('at rest are drawn as the picture has them, to the pixel, where a mesh cell holds shoe and hem', () => {
    const img = chibi();
    const rigged = rigSubject(img, false)!;
    expect(rigged.mesh.clip).toBeDefined();
    const { image, ground } = drawPosed(rigged, { bones: [], offset: { x: 0, y: 0 } });
    const dx = Math.round(rigged.rig.ground.x - ground.x), dy = Math.round(rigged.rig.ground.y - ground.y);
    let differ = 0, shown = 0;
    for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4, j = ((y + dy) * img.width + x + dx) * 4;
      if (image.data[i + 3]! > 0) shown++;
      for (let k = 0; k < 4; k++) if (Math.abs(image.data[i + k]! - img.data[j + k]!) > 1) { differ++; break; }
    }
    expect(shown).toBeGreaterThan(10_000);
    expect(differ).toBe(0);
  });

  it.each([
    ['run', 'the chibi'], ['kick', 'the chibi'], ['jump', 'the chibi'],
    // Its shoes touch under the gap between its legs: each must still move whole.
    ['walk', 'the chibi with legs'], ['kick', 'the chibi with legs'],
  ] as const)('%s, %s: the shorts keep their area and the shoes stay whole', (text, figure) => {
    const r = animate({ start: figure === 'the chibi' ? chibi() : chibiWithLegs(), text, frames: 12, isPixel: false, seed: 'shoes' });
    const shorts0 = count(r.frames[0]!, isShorts), shoes0 = count(r.frames[0]!, isShoe);
    const pieces0 = pieces(r.frames[0]!, isShoe);
    for (const f of r.frames) {
      // Dragged with the legs, the hem stretched out of the body (more shorts) or tore (less).
      expect(count(f, isShorts) / shorts0).toBeGreaterThan(0.9);
      expect(count(f, isShorts) / shorts0).toBeLessThan(1.1);
      // A shoe moves whole: no more pieces of shoe than the two; most of it shows (a step tucks one
      // up behind the body).
      expect(pieces(f, isShoe)).toBeLessThanOrEqual(pieces0);
      expect(count(f, isShoe) / shoes0).toBeGreaterThan(0.4);
    }
  });

  // The shoes are rigid on the legs' ends and the hem bends with the body, so a bob, a step or a
  // lean moved the hem off the shoe's top and the background showed through the line between them.
  // Measured as see-through pixels with the figure solid on both sides within 2 px (the rest frame
  // has some where the shoes meet under the hem): 9-24 more than at rest before the shoe carried a
  // backing of the hem, at most 3 with it.
  it.each(['idle', 'walk', 'hit', 'jump', 'cheer'])('%s: no crack opens between the hem and the shoes', (text) => {
    const r = animate({ start: chibi(), text, frames: 36, isPixel: false, seed: 'shoes' });
    const rest = seeThrough(r.frames[0]!);
    for (const [i, f] of r.frames.entries()) expect(seeThrough(f), `frame ${i}`).toBeLessThanOrEqual(rest + 5);
  });

  // The hand hid the top of the shoe: lifted, it left the shoe with a corner cut off along its
  // outline (and, stepping, the shoe went without the corner, the body kept it).
  it.each(['cheer', 'walk', 'kick'])('%s: a shoe the hand rested on is whole when the hand lifts, and steps whole', (text) => {
    const r = animate({ start: chibiWithArm(), text, frames: 12, isPixel: false, seed: 'shoes' });
    const whole = count(chibi(), isShoe);
    let most = 0;
    for (const f of r.frames) {
      most = Math.max(most, count(f, isShoe));
      expect(pieces(f, isShoe)).toBeLessThanOrEqual(2);
    }
    expect(most / whole).toBeGreaterThan(0.97);
  });

  it('kicks its near shoe out in front and up', () => {
    const r = animate({ start: chibi(), text: 'kick', frames: 12, isPixel: false, seed: 'shoes' });
    // The near shoe: the shoe pixels right of the body's middle, as their centre.
    const centre = (f: RawImage): { x: number; y: number } => {
      let sx = 0, sy = 0, n = 0;
      for (let y = 0; y < f.height; y++) for (let x = r.start.x + 88; x < f.width; x++) if (isShoe(f.data, (y * f.width + x) * 4)) { sx += x; sy += y; n++; }
      return { x: sx / n, y: sy / n };
    };
    const rest = centre(r.frames[0]!);
    const out = r.frames.map(centre).reduce((best, c) => (c.x > best.x ? c : best));
    expect(out.x - rest.x).toBeGreaterThan(8);
    expect(rest.y - out.y).toBeGreaterThan(6);
  });
});
