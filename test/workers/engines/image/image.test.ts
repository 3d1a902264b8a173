// Properties of generate/image: size and transparency, a centred non-empty subject, colour words
// that set the hue, pixel art that stays pixel art, reference variations that keep the references'
// colours, determinism. Small sizes keep it fast (the engine draws the same at any size).
import { describe, expect, it } from 'vitest';
import { generateImage } from '../../../../workers/engines/image/image.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { colorClusters } from '../../../../workers/engines/image/colorClusters.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import { hero, pixelKnight, pixelSlime } from '../../../fixtures/sprites.ts';
import { opaqueBox, pixelArtFaults, solid } from '../../images.ts';

const SIZE = 128;
const draw = (prompt: string, seed = 'seed', refs: RawImage[] = [], size = SIZE) => generateImage({ prompt, refs, seed, size });

/** The hue the most colourful pixels share: the heaviest 20-degree bin (by chroma), its centre in degrees. */
function dominantHue(img: RawImage): number {
  const bins = new Float64Array(18);
  for (let i = 0; i < img.data.length; i += 4) {
    if ((img.data[i + 3] ?? 0) < 128) continue;
    const { h, s, l } = toHsl({ r: img.data[i] ?? 0, g: img.data[i + 1] ?? 0, b: img.data[i + 2] ?? 0, a: 255 });
    const b = Math.floor(((h + 10) % 360) / 20);
    bins[b] = (bins[b] ?? 0) + s * (1 - Math.abs(l - 0.5) * 2);
  }
  let best = 0;
  bins.forEach((w, b) => { if (w > (bins[best] ?? 0)) best = b; });
  return best * 20;
}

const hueNear = (h: number, target: number, tol: number) => Math.abs(((h - target + 540) % 360) - 180) <= tol;

const SUBJECTS = ['potion', 'sword', 'katana', 'dagger', 'axe', 'spear', 'hammer', 'mace', 'bow', 'staff', 'wand', 'gem', 'crystal', 'coin', 'coins',
  'chest', 'treasure chest', 'crate', 'shield', 'tree', 'pine tree', 'palm tree', 'rock', 'slime', 'bat', 'ghost', 'golem', 'dragon', 'monster',
  'knight', 'mage', 'rogue', 'archer', 'king', 'something unknown'];

describe('generateImage: every subject', () => {
  it.each(SUBJECTS)('%s: transparent corners, a centred subject with a margin', (prompt) => {
    const { image } = draw(prompt);
    expect([image.width, image.height]).toEqual([SIZE, SIZE]);
    for (const [x, y] of [[0, 0], [SIZE - 1, 0], [0, SIZE - 1], [SIZE - 1, SIZE - 1]] as const) {
      expect(image.data[(y * SIZE + x) * 4 + 3]).toBe(0);
    }
    const box = opaqueBox(image);
    expect(box.count).toBeGreaterThan(SIZE * SIZE * 0.08);
    // Centred (within 8% of the side) and clear of the edges.
    expect(Math.abs((box.x0 + box.x1) / 2 - SIZE / 2)).toBeLessThan(SIZE * 0.08);
    expect(Math.abs((box.y0 + box.y1) / 2 - SIZE / 2)).toBeLessThan(SIZE * 0.08);
    expect(Math.min(box.x0, box.y0, SIZE - 1 - box.x1, SIZE - 1 - box.y1)).toBeGreaterThanOrEqual(2);
  });
});

describe('generateImage: what the prompt picks', () => {
  it.each([
    ['flask', 'potion'], ['elixir', 'potion'], ['blade', 'sword'], ['katana', 'sword'], ['jewel', 'gem'], ['ruby', 'gem'], ['crystal', 'gem'],
    ['beast', 'creature'], ['slime', 'creature'], ['wizard', 'character'], ['knight with a sword', 'character'], ['dragon sword', 'sword'],
    ['potion of fire', 'potion'], ['crystal sword', 'sword'], ['stone golem', 'creature'], ['boulder', 'rock'], ['buckler', 'shield'],
  ])('%s draws a %s', (prompt, generator) => {
    expect(draw(prompt, 's', [], 32).plan.generator).toBe(generator);
  });

  it('records an unknown subject as the fallback creature', () => {
    const { plan } = draw('a mysterious thing', 's', [], 32);
    expect(plan).toMatchObject({ generator: 'creature', subjectWord: null, fallback: true });
  });

  it.each([
    ['red potion', 0], ['blue potion', 225], ['green slime', 120], ['purple gem', 275], ['golden coin', 42], ['orange potion', 28],
    ['blue shield', 225], ['red dragon', 0], ['green gem', 130], ['pixel red potion', 0],
  ])('%s is that colour (dominant hue near %d)', (prompt, hue) => {
    expect(hueNear(dominantHue(draw(prompt).image), hue, 30)).toBe(true);
  });

  it('"red potion" and "blue potion" are the same bottle in two colours', () => {
    const red = draw('red potion').image, blue = draw('blue potion').image;
    let sameAlpha = 0;
    for (let i = 3; i < red.data.length; i += 4) if (red.data[i] === blue.data[i]) sameAlpha++;
    expect(sameAlpha / (red.data.length / 4)).toBeGreaterThan(0.99);
    expect(Buffer.compare(red.data, blue.data)).not.toBe(0);
  });
});

describe('generateImage: determinism', () => {
  it('gives the same bytes for the same input and different shapes for different seeds', () => {
    const a = draw('sword', 'one').image;
    expect(Buffer.compare(a.data, draw('sword', 'one').image.data)).toBe(0);
    const alphaDiff = (b: RawImage) => { let n = 0; for (let i = 3; i < a.data.length; i += 4) if (a.data[i] !== b.data[i]) n++; return n; };
    expect(alphaDiff(draw('sword', 'two').image)).toBeGreaterThan(200);
    expect(alphaDiff(draw('potion', 'one').image)).toBeGreaterThan(200);
  });
});

describe('generateImage: pixel art', () => {
  it.each(['pixel potion', '8-bit sword', 'retro chest', 'pixel slime', 'pixel knight', '16-bit dragon', 'pixel fire staff'])('%s: binary alpha, <= 32 colours, whole blocks', (prompt) => {
    const { image, plan } = draw(prompt);
    const side = plan.pixel as number;
    expect([32, 64]).toContain(side);
    const faults = pixelArtFaults(image, side);
    expect(faults.softAlpha).toBe(0);
    expect(faults.colours).toBeLessThanOrEqual(32);
    // Every block of SIZE/side pixels is one colour: nearest-neighbour enlargement of the grid.
    expect(faults.mismatched).toBe(0);
  });

  it('"16-bit" draws on 64 px, other pixel words on 32', () => {
    expect(draw('16-bit sword', 's', [], 64).plan.pixel).toBe(64);
    expect(draw('8-bit sword', 's', [], 64).plan.pixel).toBe(32);
    expect(draw('sword', 's', [], 64).plan.pixel).toBeNull();
  });
});

describe('generateImage: reference images', () => {
  const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);

  it.each([
    ['hero', () => [hero(64)]],
    ['pixel slime', () => [pixelSlime()]],
    ['slime and knight', () => [pixelSlime(), pixelKnight()]],
  ])('%s: the output is made of the references\' main colours', (_name, refs) => {
    const r = refs();
    const { image, plan } = draw('a thing', 'seed', r);
    expect(plan.generator).toBe('variation');
    const want = colorClusters(r, 4).map((w) => w.color);
    const got = colorClusters([image], 6).filter((w) => w.weight > 0.08).map((w) => w.color);
    // Every main colour of the output is close to a main colour of the references (outline ink aside).
    for (const c of got) {
      const ink = c.r + c.g + c.b < 120;
      if (!ink) expect(Math.min(...want.map((w) => near(c, w)))).toBeLessThan(75);
    }
    // And the reference's heaviest colour is there.
    expect(Math.min(...got.map((c) => near(c, want[0] as (typeof want)[0])))).toBeLessThan(60);
  });

  it('a colour word turns the reference\'s palette', () => {
    const red = draw('red', 'seed', [pixelSlime()]).image;
    expect(hueNear(dominantHue(red), 0, 30)).toBe(true);
    expect(hueNear(dominantHue(draw('', 'seed', [pixelSlime()]).image), 125, 30)).toBe(true);
  });

  it('keeps the silhouette close to the reference\'s', () => {
    const ref = pixelSlime();
    const { image } = draw('slime', 'seed', [ref]);
    const box = opaqueBox(image);
    // The slime is wider than tall; so is its variation.
    expect(box.x1 - box.x0).toBeGreaterThan((box.y1 - box.y0) * 1.1);
  });

  it.each([
    ['a single pixel', () => solid(1, 1, [200, 30, 30, 255])],
    ['a fully transparent picture', () => solid(16, 16, [0, 0, 0, 0])],
    ['a flat swatch', () => solid(40, 10, [30, 200, 60, 255])],
  ])('copes with %s as a reference', (_name, make) => {
    const { image } = draw('thing', 'seed', [make()]);
    expect(image.data[3]).toBe(0);
    expect(opaqueBox(image).count).toBeGreaterThan(SIZE * SIZE * 0.05);
    expect(image.data.every((v) => Number.isFinite(v))).toBe(true);
  });

  it('pixel art from references keeps to 32 colours and binary alpha', () => {
    const { image } = draw('pixel', 'seed', [hero(64)]);
    const colors = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4) {
      expect([0, 255]).toContain(image.data[i + 3]);
      if (image.data[i + 3]) colors.add(((image.data[i] ?? 0) << 16) | ((image.data[i + 1] ?? 0) << 8) | (image.data[i + 2] ?? 0));
    }
    expect(colors.size).toBeLessThanOrEqual(32);
  });
});
