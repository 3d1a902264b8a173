import { describe, expect, it } from 'vitest';
import { arc, bell, easeInOut, span, spring } from '../../../workers/kernels/easing.ts';

describe('easing', () => {
  it.each([
    ['span clamps', () => span(-1, 0, 1) === 0 && span(2, 0, 1) === 1 && span(0.25, 0, 0.5) === 0.5],
    ['easeInOut is 0, 1/2, 1 at 0, 1/2, 1', () => easeInOut(0) === 0 && easeInOut(0.5) === 0.5 && easeInOut(1) === 1],
    ['bell is 1 at its centre and 0 at its edges', () => bell(0.3, 0.3, 0.1) === 1 && bell(0.2, 0.3, 0.1) === 0 && bell(0.45, 0.3, 0.1) === 0],
    ['arc peaks at 1 mid-way', () => arc(0.5, 0, 1) === 1 && arc(0, 0, 1) === 0 && arc(1, 0, 1) === 0],
    ['spring starts at 1 and comes to rest at 0', () => spring(0) === 1 && spring(1) === 0 && Math.abs(spring(0.9)) < 0.01],
  ])('%s', (_name, check) => {
    expect(check()).toBe(true);
  });
});
