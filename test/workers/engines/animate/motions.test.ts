import { describe, expect, it } from 'vitest';
import { MOTION_NAMES, MOTIONS, motionCycles } from '../../../../workers/engines/animate/motions/index.ts';
import { REST } from '../../../../workers/engines/animate/motionFrame.ts';
import type { MotionContext, MotionFrame } from '../../../../workers/engines/animate/motionFrame.ts';

const ctx: MotionContext = { amplitude: 1, frame: 3, seed: 12345 };
const returning = MOTION_NAMES.filter((n) => MOTIONS[n].returns);

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

function closeToRest(f: MotionFrame): void {
  const rest = fields(REST);
  for (const [k, v] of Object.entries(fields(f))) expect(Math.abs(v - (rest[k] as number)), k).toBeLessThan(1e-9);
}

describe('motion library (joint curves)', () => {
  it('has every motion the README lists', () => {
    expect([...MOTION_NAMES].sort()).toEqual(
      ['attack', 'bounce', 'cast', 'cheer', 'crouch', 'dash', 'die', 'float', 'hit', 'idle', 'jump', 'kick', 'pulse', 'run', 'shake', 'spin', 'walk', 'wave'],
    );
  });

  it.each(returning)('%s ends at the rest pose (phase 1 = phase 0: the loop closes)', (name) => {
    closeToRest(MOTIONS[name].at(1, ctx));
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

describe('motion library: no pops', () => {
  // Jitter (shake, cast's tremble) and the smear flag step on purpose, a spin's width flips sign
  // as the body passes edge-on (it never draws at zero width), and a slash's 3 is its 0 (a whole
  // turn); everything else is a curve.
  const stepping = new Set(['jx', 'jy', 'smear', 'flash', 'slash']);
  it.each(MOTION_NAMES.filter((n) => n !== 'shake'))('%s changes smoothly with the phase (no jumps)', (name) => {
    let prev = fields(MOTIONS[name].at(0.0005, { ...ctx, frame: 0 }));
    for (let k = 1; k <= 1000; k++) {
      const f = fields(MOTIONS[name].at(k / 1000, { ...ctx, frame: 0 }));
      for (const [key, v] of Object.entries(f)) {
        if (stepping.has(key) || (name === 'spin' && key === 'turn')) continue;
        expect(Math.abs(v - (prev[key] as number)), `${name}.${key} at ${k / 1000}`).toBeLessThan(0.12);
      }
      prev = f;
    }
  });
});

describe('spin', () => {
  // The motion carries the turn's cosine; how wide that is side-on is the rig's (poseRig.test.ts).
  it('turns through side-on (a frame lands near it) and comes round mirrored', () => {
    const turns = Array.from({ length: 18 }, (_, i) => MOTIONS.spin.at(i / 18, { amplitude: 1, frame: i, seed: 1 }).turn);
    expect(Math.min(...turns.map(Math.abs))).toBeLessThan(0.1);
    expect(Math.min(...turns)).toBeLessThan(0);
    expect(turns[0]).toBe(1);
  });
});

describe('kick', () => {
  // "Kick" was read as an attack: the arm swung and the feet stayed down.
  it('chambers the lead knee, snaps the foot out at hip height and holds it, the other foot planted and the body leaning back', () => {
    const at = (u: number) => MOTIONS.kick.at(u, { amplitude: 1, frame: 0, seed: 1 });
    const frames = Array.from({ length: 12 }, (_, i) => at(i / 12));
    const peak = frames.reduce((a, b) => (b.feet[0].forward > a.feet[0].forward ? b : a));
    expect(peak.feet[0].forward).toBeGreaterThanOrEqual(0.3);
    expect(peak.feet[0].up).toBeGreaterThanOrEqual(0.2);
    expect(peak.lean).toBeLessThan(-0.1);
    for (const f of frames) expect(f.feet[1].up).toBe(0);
    // Held out for at least two frames at 12 fps, chambered (knee up, foot not yet out) before it.
    expect(frames.filter((f) => f.feet[0].forward >= 0.3).length).toBeGreaterThanOrEqual(2);
    const first = frames.findIndex((f) => f.feet[0].forward >= 0.3);
    expect(frames[first - 1]!.feet[0].up).toBeGreaterThan(0.15);
    expect(frames[first - 1]!.feet[0].forward).toBeLessThan(0.2);
  });
});
