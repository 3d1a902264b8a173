// Reading restyle text: which material, colours and modifiers a text names, and that every ramp
// the words can make rises in luma (a darker source pixel stays darker).
import { describe, expect, it } from 'vitest';
import { readRestyle } from '../../../../workers/engines/restyle/plan.ts';
import { COLOR_NAMES, MATERIALS, MODIFIERS } from '../../../../workers/engines/materials.ts';
import { rampDrop } from '../../../../workers/kernels/luminanceMap.ts';

describe('readRestyle', () => {
  it.each([
    ['golden', { material: 'gold', colors: [], modifiers: [] }],
    ['make him frozen', { material: 'ice', colors: [], modifiers: [] }],
    ['lava knight', { material: 'fire', colors: [], modifiers: [] }],
    ['Poisonous!', { material: 'toxic', colors: [], modifiers: [] }],
    ['black and white', { material: 'grayscale', colors: [], modifiers: [] }],
    ['monochrome', { material: 'grayscale', colors: [], modifiers: [] }],
    ['icy blue', { material: 'ice', colors: ['blue'], modifiers: [] }],
    ['dark gold', { material: 'gold', colors: [], modifiers: ['dark'] }],
    ['dark', { material: 'shadow', colors: [], modifiers: [] }],
    ['blue fire', { material: 'fire', colors: ['blue'], modifiers: [] }],
    ['purple and gold', { material: null, colors: ['purple', 'gold'], modifiers: [] }],
    ['red and ghost', { material: 'ghost', colors: ['red'], modifiers: [] }],
    ['icy fire', { material: 'ice', colors: ['fire'], modifiers: [] }],
    ['crimson', { material: null, colors: ['crimson'], modifiers: [] }],
    ['light teal', { material: null, colors: ['teal'], modifiers: ['light'] }],
    ['pale', { material: null, colors: [], modifiers: ['light'] }],
  ])('%s', (text, plan) => {
    const r = readRestyle(text, false, 's');
    expect(r.plan).toEqual({ ...plan, reference: false });
    expect(r.strength).toBe(1);
  });

  it('records the reference, and with a reference alone keeps its colours', () => {
    expect(readRestyle('', true, 's')).toMatchObject({ plan: { material: null, reference: true }, ramp: null });
    expect(readRestyle('golden', true, 's').plan).toMatchObject({ material: 'gold', reference: true });
  });

  it('unknown text gives a mild tint of a seeded hue', () => {
    const a = readRestyle('a brave knight', false, 'one');
    expect(a.strength).toBeLessThan(0.5);
    expect(a.plan.tint).toMatch(/^#[0-9a-f]{6}$/);
    expect(readRestyle('a brave knight', false, 'one').plan.tint).toBe(a.plan.tint);
  });

  it('knows at least 30 colour names and every material the README lists', () => {
    expect(COLOR_NAMES.length).toBeGreaterThanOrEqual(30);
    for (const w of ['golden', 'silver', 'bronze', 'ice', 'frozen', 'fire', 'lava', 'shadow', 'ghost', 'neon', 'stone', 'wood', 'toxic', 'poison', 'grayscale', 'monochrome', 'sepia', 'inverted']) {
      expect(readRestyle(w, false, 's').plan.material, w).not.toBeNull();
    }
  });

  // Every material alone, with each colour, and with each modifier; every colour alone and in pairs.
  const texts = [
    ...MATERIALS.map((m) => m.words[0] as string),
    ...MATERIALS.flatMap((m) => COLOR_NAMES.map((c) => `${c.name} ${m.words[0]}`)),
    ...MATERIALS.flatMap((m) => MODIFIERS.map((d) => `${d.words[0]} ${m.words[0]}`)),
    ...COLOR_NAMES.map((c) => c.name),
    ...COLOR_NAMES.flatMap((c) => COLOR_NAMES.slice(0, 8).map((d) => `${c.name} and ${d.name}`)),
    ...COLOR_NAMES.flatMap((c) => MODIFIERS.map((d) => `${d.words[0]} ${c.name}`)),
  ];
  it(`every ramp rises in luma (${texts.length} word sets)`, () => {
    for (const t of texts) {
      const { ramp, material } = readRestyle(t, false, 's');
      if (!ramp || material?.invert) continue;
      expect(rampDrop(ramp), t).toBeLessThanOrEqual(1.5);
    }
  });
});
