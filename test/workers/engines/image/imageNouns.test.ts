// The item and enemy nouns of generate/image (apple ... frog): each one renders (on the canvas, not
// empty, the same bytes twice, pixel art that stays pixel art), is named as the subject in the
// plan, reads from its synonyms and plurals, and is told apart from the others by a plain
// nearest-neighbour check on silhouette and colour; and the plan says which words were understood.
import { describe, expect, it } from 'vitest';
import { generateImage } from '../../../../workers/engines/image/image.ts';
import { SUBJECT_NAMES, readIconPrompt, subjectWords } from '../../../../workers/engines/image/words.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { toHsl } from '../../../../workers/kernels/tone.ts';
import { opaqueBox, pixelArtFaults } from '../../images.ts';

/** The nouns after the sixteen original generators. */
const NOUNS = SUBJECT_NAMES.slice(SUBJECT_NAMES.indexOf('character') + 1);
const SIZE = 64;
const draw = (prompt: string, seed = 'seed', size = SIZE) => generateImage({ prompt, refs: [], seed, size });

describe('generate/image: the item and enemy nouns', () => {
  it('has at least sixty of them, each its own subject', () => {
    expect(NOUNS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(NOUNS).size).toBe(NOUNS.length);
    const words = subjectWords();
    for (const noun of NOUNS) expect(words.get(noun)).toContain(noun);
  });

  it.each(NOUNS)('%s: drawn on the canvas, named in the plan, the same twice', (noun) => {
    const { image, plan } = draw(noun);
    expect([image.width, image.height]).toEqual([SIZE, SIZE]);
    for (const [x, y] of [[0, 0], [SIZE - 1, 0], [0, SIZE - 1], [SIZE - 1, SIZE - 1]] as const) expect(image.data[(y * SIZE + x) * 4 + 3]).toBe(0);
    const box = opaqueBox(image);
    expect(box.count).toBeGreaterThan(SIZE * SIZE * 0.1);
    expect(Math.abs((box.x0 + box.x1) / 2 - SIZE / 2)).toBeLessThan(SIZE * 0.08);
    expect(Math.abs((box.y0 + box.y1) / 2 - SIZE / 2)).toBeLessThan(SIZE * 0.08);
    expect(Math.min(box.x0, box.y0, SIZE - 1 - box.x1, SIZE - 1 - box.y1)).toBeGreaterThanOrEqual(1);
    expect(plan).toMatchObject({ generator: noun, subject: noun, subjectWord: noun, fallback: false, drawn: noun, ignored: [] });
    expect(plan.understood).toEqual([{ word: noun, as: 'subject', means: noun }]);
    expect(Buffer.compare(image.data, draw(noun).image.data)).toBe(0);
  });

  it.each(NOUNS)('pixel %s: binary alpha, at most 32 colours, whole blocks', (noun) => {
    const { image, plan } = draw(`pixel ${noun}`);
    expect(plan).toMatchObject({ subject: noun, pixel: 32 });
    const faults = pixelArtFaults(image, SIZE / 2);
    expect(faults.softAlpha).toBe(0);
    expect(faults.colours).toBeLessThanOrEqual(32);
    expect(opaqueBox(image).count).toBeGreaterThan(SIZE * SIZE * 0.1);
    expect(faults.mismatched).toBe(0);
  });

  it.each([
    ['apples', 'apple', null], ['cherries', 'cherry', null], ['torches', 'torch', null], ['mice', 'rat', null], ['lamp', 'lantern', null],
    ['old tome', 'book', null], ['spellbook', 'book', null], ['necklace', 'amulet', null], ['golden chalice', 'trophy', 'goblet'], ['iron gauntlet', 'gloves', 'gauntlet'],
    ['crystal ball', 'orb', null], ['lightning bolt', 'bolt', null], ['lightning', 'bolt', null], ['chestplate', 'armor', null], ['chain mail', 'armor', null],
    ['toadstool', 'mushroom', null], ['skull helmet', 'helmet', null], ['key of gold', 'key', null], ['red apple on a plate', 'apple', null], ['beholder', 'eyeball', null],
    // Existing subjects keep their words; colour words that are nouns too colour other subjects.
    ['cherry potion', 'potion', null], ['bone dagger', 'dagger', null], ['crystal sword', 'sword', null], ['giant spider', 'creature', 'bug'],
  ])('%s -> %s (%s)', (prompt, subject, variant) => {
    const r = readIconPrompt(prompt);
    expect([r.subject, r.variant]).toEqual([subject, variant]);
  });

  it.each([
    ['green apple', 120], ['blue book', 225], ['purple mushroom', 275], ['red fish', 0], ['golden crown', 42], ['pixel green apple', 120],
  ])('%s is that colour (dominant hue near %d)', (prompt, hue) => {
    const { image } = draw(prompt, 'seed', 96);
    const bins = new Float64Array(18);
    for (let i = 0; i < image.data.length; i += 4) {
      if ((image.data[i + 3] ?? 0) < 128) continue;
      const { h, s, l } = toHsl({ r: image.data[i] ?? 0, g: image.data[i + 1] ?? 0, b: image.data[i + 2] ?? 0, a: 255 });
      const b = Math.floor(((h + 10) % 360) / 20);
      bins[b] = (bins[b] ?? 0) + s * (1 - Math.abs(l - 0.5) * 2);
    }
    const top = bins.indexOf(Math.max(...bins)) * 20;
    expect(Math.abs(((top - hue + 540) % 360) - 180)).toBeLessThanOrEqual(30);
  });
});

/**
 * What a glance takes in: the silhouette (coverage on an 8x8 grid) and the colours (share of
 * opaque pixels in twelve hue bins, or four grey levels where colour is weak).
 */
function glance(img: RawImage): { grid: number[]; colour: number[] } {
  const S = img.width, G = 8;
  const grid = new Array<number>(G * G).fill(0);
  const colour = new Array<number>(16).fill(0);
  let n = 0;
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) {
    const o = (y * S + x) * 4, a = (img.data[o + 3] ?? 0) / 255;
    const cell = Math.floor((y * G) / S) * G + Math.floor((x * G) / S);
    grid[cell] = (grid[cell] ?? 0) + a / (S / G) ** 2;
    if (a < 0.5) continue;
    n++;
    const { h, s, l } = toHsl({ r: img.data[o] ?? 0, g: img.data[o + 1] ?? 0, b: img.data[o + 2] ?? 0, a: 255 });
    const chroma = s * (1 - Math.abs(2 * l - 1));
    const bin = chroma > 0.15 ? Math.floor(h / 30) % 12 : 12 + Math.min(3, Math.floor(l * 4));
    colour[bin] = (colour[bin] ?? 0) + 1;
  }
  return { grid, colour: colour.map((v) => v / Math.max(1, n)) };
}

const apart = (a: ReturnType<typeof glance>, b: ReturnType<typeof glance>): number => {
  const g = a.grid.reduce((sum, v, i) => sum + Math.abs(v - (b.grid[i] ?? 0)), 0) / a.grid.length;
  const c = a.colour.reduce((sum, v, i) => sum + Math.abs(v - (b.colour[i] ?? 0)), 0) / 2;
  return g + c * 0.25;
};

describe('generate/image: the nouns are told apart', () => {
  const GLANCE = 48;
  const look = (prompt: string, seed: string) => glance(draw(prompt, seed, GLANCE).image);
  const known = NOUNS.map((n) => look(n, 'seed-a'));

  it('no two nouns look alike, nor like an older subject', () => {
    const older = ['potion', 'sword', 'dagger', 'axe', 'spear', 'hammer', 'bow', 'staff', 'gem', 'coin', 'chest', 'shield', 'tree', 'rock', 'slime', 'bat', 'ghost', 'golem', 'dragon', 'knight'].map((p) => [p, look(p, 'seed-a')] as const);
    const close: string[] = [];
    NOUNS.forEach((a, i) => {
      NOUNS.forEach((b, j) => { if (j > i && apart(known[i] as ReturnType<typeof glance>, known[j] as ReturnType<typeof glance>) < 0.1) close.push(`${a}/${b}`); });
      for (const [b, f] of older) if (apart(known[i] as ReturnType<typeof glance>, f) < 0.07) close.push(`${a}/${b}`);
    });
    expect(close).toEqual([]);
  }, 30_000);

  it.each(['seed-b', 'seed-c'])('drawn again with %s, every noun is nearest to its own first drawing', (seed) => {
    const mistaken: string[] = [];
    NOUNS.forEach((noun, i) => {
      const f = look(noun, seed);
      const d = known.map((k) => apart(f, k));
      const best = d.indexOf(Math.min(...d));
      if (best !== i) mistaken.push(`${noun} -> ${NOUNS[best]}`);
    });
    expect(mistaken).toEqual([]);
  }, 30_000);
});

describe('generate/image: what the plan says was understood', () => {
  const plan = (prompt: string, size = 32) => draw(prompt, 's', size).plan;

  it('names the subject, colours and materials, and lists unknown words as ignored', () => {
    expect(plan('a shiny red apple')).toMatchObject({
      subject: 'apple', drawn: 'apple', fallback: false,
      understood: [{ word: 'red', as: 'colour', means: 'red' }, { word: 'apple', as: 'subject', means: 'apple' }],
      ignored: [{ word: 'shiny', why: expect.stringContaining('not a word we draw from') }],
    });
  });

  it('reports pixel words, materials, shades and variants', () => {
    expect(plan('16-bit golden crown', 64).understood).toEqual([
      { word: '16', as: 'pixel', means: 'pixel art on 64 px' }, { word: 'bit', as: 'pixel', means: 'pixel art on 64 px' },
      { word: 'golden', as: 'material', means: 'gold' }, { word: 'crown', as: 'subject', means: 'crown' },
    ]);
    expect(plan('dark blue potion').understood.map((u) => [u.word, u.as])).toEqual([['dark', 'shade'], ['blue', 'colour'], ['potion', 'subject']]);
    expect(plan('oak tree')).toMatchObject({ drawn: 'tree (oak)', understood: [{ word: 'oak', as: 'variant' }, { word: 'tree', as: 'subject' }] });
    expect(plan('fire sword').understood[0]).toEqual({ word: 'fire', as: 'element', means: 'fire' });
  });

  it('says when a second subject word, or a repeated colour, was not used', () => {
    expect(plan('knight with a sword')).toMatchObject({
      drawn: 'character (knight)',
      ignored: [{ word: 'sword', why: 'names another subject (sword); "knight" was drawn' }],
    });
    expect(plan('pink blossom tree').ignored).toEqual([{ word: 'blossom', why: 'a colour like pink, already given' }]);
  });

  it('reports an unknown noun honestly: nothing understood, the fallback said out loud', () => {
    const p = plan('a blue spaceship');
    expect(p).toMatchObject({ generator: 'creature', subjectWord: null, fallback: true });
    expect(p.understood).toEqual([{ word: 'blue', as: 'colour', means: 'blue' }]);
    expect(p.ignored).toEqual([{ word: 'spaceship', why: expect.stringContaining('not a word we draw from') }]);
    expect(p.drawn).toMatch(/^a seeded creature \(\w+\): nothing in the prompt names a subject we draw$/);
  });

  it('says a reference variation is what was drawn', () => {
    const solid: RawImage = { width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(200) };
    expect(generateImage({ prompt: 'lantern', refs: [solid], seed: 's', size: 32 }).plan).toMatchObject({ generator: 'variation', subject: 'lantern', drawn: expect.stringContaining('variation of the reference image') });
  });
});
