import { describe, expect, it } from 'vitest';
import { effect } from '../../../workers/engines/effect.ts';
import { effectStyle } from '../../../workers/engines/effectStyle.ts';
import { solid } from '../images.ts';

describe('effectStyle', () => {
  it.each([
    ['Fire burst', 'fire', 'rise'],
    ['an ice nova', 'ice', 'shards'],
    ['toxic poison cloud', 'poison', 'bubble'],
    ['lightning strike', 'lightning', 'bolt'],
    ['magic circle', 'magic', 'swirl'],
  ])('%s -> %s particles that %s', (text, name, motion) => {
    const style = effectStyle(text, undefined, 'seed');
    expect(style.name).toBe(name);
    expect(style.motion).toBe(motion);
  });

  it('an unknown description is seeded, and a reference sets the colours', () => {
    expect(effectStyle('whatever', undefined, 'a')).toEqual(effectStyle('whatever', undefined, 'a'));
    const withRef = effectStyle('fire', solid(2, 2, [0, 0, 255, 255]), 'a');
    expect(withRef.motion).toBe('rise');
    expect(withRef.colors[2]).toEqual({ r: 0, g: 0, b: 255, a: 255 });
  });
});

describe('effect', () => {
  it('draws the cells at cell size on an exactly sized sheet', () => {
    const { sheet } = effect({ description: 'fire', frames: 9, size: 1024, background: { r: 10, g: 20, b: 30, a: 255 }, seed: 's' });
    expect([sheet.image.width, sheet.image.height]).toEqual([1024, 1024]);
    expect(sheet.grid).toEqual({ columns: 3, rows: 3 });
    expect(sheet.rects[8]).toEqual({ x: 682, y: 682, w: 341, h: 341 });
  });
});
