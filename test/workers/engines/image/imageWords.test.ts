// Reading image prompts: the head noun picks the subject, synonyms and variants, colour and
// material words in order, shades ("dark blue"), pixel words, and the shape key that colours
// leave alone.
import { describe, expect, it } from 'vitest';
import { pixelSize, readIconPrompt } from '../../../../workers/engines/image/words.ts';

describe('readIconPrompt', () => {
  it.each([
    ['a red potion', 'potion', null], ['elixir of life', 'potion', null], ['glass flask', 'potion', 'flask'], ['tiny vial', 'potion', 'vial'],
    ['katana', 'sword', 'katana'], ['rusty blade', 'sword', null], ['claymore', 'sword', 'great'], ['kunai', 'dagger', 'kunai'],
    ['battleaxe', 'axe', 'double'], ['morningstar', 'hammer', 'mace'], ['trident', 'spear', 'trident'], ['longbow', 'bow', null],
    ['magic wand', 'staff', 'wand'], ['sapphire', 'gem', 'sapphire'], ['crystal', 'gem', 'crystal'], ['jewel', 'gem', null],
    ['pile of coins', 'coin', 'pile'], ['treasure chest', 'chest', 'open'], ['wooden crate', 'chest', 'crate'], ['buckler', 'shield', 'round'],
    ['pine tree', 'tree', 'pine'], ['oak', 'tree', 'oak'], ['boulder', 'rock', null], ['iron ore', 'rock', 'ore'],
    ['blue slime', 'creature', 'slime'], ['giant spider', 'creature', 'bug'], ['spooky ghost', 'creature', 'ghost'], ['robot', 'creature', 'golem'],
    ['wizard', 'character', 'mage'], ['paladin', 'character', 'knight'], ['ninja', 'character', 'rogue'], ['hero', 'character', null],
    // The head noun decides: accessories after "with"/"of", compounds by their last noun.
    ['knight with a sword', 'character', 'knight'], ['sword of the dragon', 'sword', null], ['dragon sword', 'sword', null],
    ['slime potion', 'potion', null], ['crystal sword', 'sword', null], ['stone golem', 'creature', 'golem'], ['oak shield', 'shield', null],
  ])('%s -> %s (%s)', (prompt, subject, variant) => {
    const r = readIconPrompt(prompt);
    expect([r.subject, r.variant]).toEqual([subject, variant]);
  });

  it('an unknown subject is a creature with no subject word', () => {
    expect(readIconPrompt('a shiny thing')).toMatchObject({ subject: 'creature', subjectWord: null });
  });

  it.each([
    ['red potion', ['red']], ['golden sword', ['gold']], ['red and gold shield', ['red', 'gold']], ['fire sword', ['fire']],
    ['potion of poison', ['poison']], ['wooden shield', ['wood']], ['icy blue crystal', ['ice', 'blue']], ['pink blossom tree', ['pink']],
    ['health potion', ['red']], ['mana potion', ['blue']], ['oak tree', []],
  ])('%s: colours %j', (prompt, names) => {
    expect(readIconPrompt(prompt).colors.map((c) => c.name)).toEqual(names);
  });

  it('"dark blue" is a darker blue, not the dark element; "dark sword" is the element', () => {
    const darkBlue = readIconPrompt('dark blue potion').colors;
    expect(darkBlue.map((c) => c.name)).toEqual(['blue']);
    expect(darkBlue[0]?.color.b).toBeLessThan(readIconPrompt('blue potion').colors[0]?.color.b ?? 0);
    expect(readIconPrompt('dark sword').colors[0]).toMatchObject({ name: 'dark', element: 'dark' });
  });

  it('colour and pixel words do not change the shape key', () => {
    const key = readIconPrompt('potion').shapeKey;
    for (const p of ['red potion', 'a blue potion', 'pixel potion', '16-bit golden potion', 'dark blue potion']) expect(readIconPrompt(p).shapeKey).toBe(key);
    expect(readIconPrompt('big potion').shapeKey).not.toBe(key);
  });
});

describe('pixelSize', () => {
  it.each([
    ['pixel art sword', 32], ['8-bit sword', 32], ['8 bit sword', 32], ['retro chest', 32], ['16-bit knight', 64], ['16bit knight', 64],
    ['32-bit gem', 64], ['HD pixel tree', 64], ['sword', null], ['pixie', null],
  ])('%s -> %s', (prompt, size) => {
    expect(pixelSize(prompt)).toBe(size);
  });
});
