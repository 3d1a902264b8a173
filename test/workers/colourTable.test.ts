// The GIF writer's rgb -> palette entry table (workers/codecs/colourTable.ts).
import { describe, expect, it } from 'vitest';
import { ColourTable } from '../../workers/codecs/colourTable.ts';

const put = (t: ColourTable, rgb: number, value: number) => {
  const at = t.slot(rgb);
  if (t.keys[at] === 0) t.set(at, rgb, value);
};
const get = (t: ColourTable, rgb: number): number | undefined => {
  const at = t.slot(rgb);
  return t.keys[at] === 0 ? undefined : t.values[at];
};

describe('ColourTable', () => {
  it('finds what it was given, black (rgb 0) included, and nothing else', () => {
    const t = new ColourTable(10);
    for (let i = 0; i < 500; i++) put(t, i * 33_333, i & 255);
    for (let i = 0; i < 500; i++) expect(get(t, i * 33_333)).toBe(i & 255);
    expect(get(t, 0)).toBe(0);
    expect(get(t, 1)).toBeUndefined();
  });

  it('starts over once half its slots are taken, keeping the colour being put', () => {
    const t = new ColourTable(4); // 16 slots, 8 colours
    for (let i = 0; i < 8; i++) put(t, 0x10000 + i, i);
    expect(get(t, 0x10007)).toBe(7);
    put(t, 0xabcdef, 42);
    expect(get(t, 0xabcdef)).toBe(42);
    expect(get(t, 0x10000)).toBeUndefined();
  });
});
