import { describe, expect, it } from 'vitest';
import { div255, flattenOnto } from '../../../../workers/engines/effect/flatten.ts';

describe('flattenOnto', () => {
  it.each([
    [[10, 20, 30, 0], [82, 255, 96, 255]],
    [[10, 20, 30, 255], [10, 20, 30, 255]],
    [[255, 0, 0, 128], [169, 127, 48, 255]],
    [[0, 0, 0, 1], [82, 254, 96, 255]],
  ])('%o over #52FF60 is %o', (px, expected) => {
    const out = flattenOnto({ data: new Uint8Array(px), width: 1, height: 1 }, { r: 82, g: 255, b: 96, a: 255 });
    expect([...out.data]).toEqual(expected);
  });

  it('div255 rounds exactly over its whole range', () => {
    for (let x = 0; x <= 255 * 255; x++) if (div255(x) !== Math.round(x / 255)) expect.fail(`div255(${x})`);
  });
});
