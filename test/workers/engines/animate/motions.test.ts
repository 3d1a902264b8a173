import { describe, expect, it } from 'vitest';
import { MOTION_NAMES, MOTIONS, motionCycles } from '../../../../workers/engines/animate/motions/index.ts';
import { REST } from '../../../../workers/engines/animate/motionFrame.ts';
import type { MotionContext, MotionFrame } from '../../../../workers/engines/animate/motionFrame.ts';

const ctx: MotionContext = { amplitude: 1, direction: 0, frame: 3, seed: 12345 };

/** Every number of a frame (feet and arms flattened), for comparing frames field by field. */
function fields(f: MotionFrame): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(f)) {
    if (typeof v === 'number') out[k] = v;
  }
  f.feet.forEach((foot, i) => { out[`foot${i}.forward`] = foot.forward; out[`foot${i}.up`] = foot.up; });
  f.arms.forEach((arm, i) => { out[`arm${i}.swing`] = arm.swing; out[`arm${i}.bend`] = arm.bend; });
  return out;
}

describe('motion library (joint curves)', () => {
  it('has every motion the issue lists', () => {
    expect([...MOTION_NAMES].sort()).toEqual(
      ['attack', 'bounce', 'cast', 'dash', 'die', 'float', 'hit', 'idle', 'jump', 'pulse', 'run', 'shake', 'spin', 'walk', 'wave'],
    );
  });

  it.each(MOTION_NAMES)('%s moves (it is not the rest pose throughout)', (name) => {
    const rest = fields(REST);
    const moved = Array.from({ length: 12 }, (_, k) => MOTIONS[name].at((k + 0.5) / 12, { ...ctx, frame: k }))
      .some((f) => Object.entries(fields(f)).some(([k, v]) => Math.abs(v - (rest[k] as number)) > 0.01));
    expect(moved).toBe(true);
  });

  it('shake jitter comes from the seed: same seed same shake, another seed another', () => {
    const jitters = (seed: number): number[] => Array.from({ length: 12 }, (_, f) => MOTIONS.shake.at((f + 0.5) / 12, { ...ctx, seed, frame: f }).jx);
    expect(jitters(1)).toEqual(jitters(1));
    expect(jitters(1)).not.toEqual(jitters(2));
  });

  it.each([
    [36, 'jump', 1, 2], [100, 'jump', 1, 7], [36, 'walk', 1, 3], [36, 'walk', 1.6, 5], [36, 'walk', 0.6, 2],
    [36, 'idle', 1, 2], [4, 'spin', 1, 1], [36, 'die', 1.6, 1],
  ] as const)('%i frames of %s at speed %d repeat %i times', (n, name, speed, cycles) => {
    expect(motionCycles(name, n, speed)).toBe(cycles);
  });
});

