import { describe, expect, it } from 'vitest';
import { MOTION_NAMES, MOTIONS, motionCycles, motionPose } from '../../../workers/kernels/motion.ts';
import type { MotionName } from '../../../workers/kernels/motion.ts';
import { IDENTITY } from '../../../workers/kernels/motionPose.ts';
import type { MotionContext, Pose } from '../../../workers/kernels/motionPose.ts';
import { arc, bell, easeInOut, span, spring } from '../../../workers/kernels/easing.ts';

const ctx: MotionContext = { amplitude: 1, direction: 0, frame: 3, seed: 12345 };
const returning = MOTION_NAMES.filter((n) => MOTIONS[n].returns);
const smoothFields = ['dx', 'dy', 'sx', 'sy', 'rot', 'lean', 'bend', 'tuck', 'stride', 'glow', 'fade'] as const;

function closeToRest(p: Pose): void {
  for (const k of Object.keys(IDENTITY) as (keyof Pose)[]) {
    if (k === 'pivot') continue;
    expect(Math.abs(p[k] - IDENTITY[k]), `${k}`).toBeLessThan(1e-9);
  }
}

describe('motion library', () => {
  it('has every motion the issue lists', () => {
    expect([...MOTION_NAMES].sort()).toEqual(
      ['attack', 'bounce', 'cast', 'dash', 'die', 'float', 'hit', 'idle', 'jump', 'pulse', 'run', 'shake', 'spin', 'walk', 'wave'],
    );
  });

  it.each(MOTION_NAMES)('%s starts at the rest pose', (name) => {
    closeToRest(motionPose(name, 0, ctx));
  });

  it.each(returning)('%s ends at the rest pose (phase 1 = phase 0: the loop closes)', (name) => {
    closeToRest(motionPose(name, 1, ctx));
    closeToRest(MOTIONS[name].at(1, ctx));
  });

  it.each(MOTION_NAMES.filter((n) => n !== 'shake'))('%s changes smoothly with the phase (no jumps)', (name) => {
    let prev = motionPose(name, 0, ctx);
    for (let k = 1; k <= 1000; k++) {
      const p = motionPose(name, k / 1000, { ...ctx, frame: 0 });
      for (const f of smoothFields) expect(Math.abs(p[f] - prev[f]), `${name}.${f} at ${k / 1000}`).toBeLessThan(0.06);
      prev = p;
    }
  });

  it.each(MOTION_NAMES)('%s moves (it is not the rest pose throughout)', (name) => {
    const moved = Array.from({ length: 12 }, (_, k) => motionPose(name, (k + 0.5) / 12, { ...ctx, frame: k }))
      .some((p) => (Object.keys(IDENTITY) as (keyof Pose)[]).some((f) => f !== 'pivot' && Math.abs(p[f] - IDENTITY[f]) > 0.01));
    expect(moved).toBe(true);
  });

  const at = (name: MotionName, u: number, over: Partial<MotionContext> = {}): Pose => motionPose(name, u, { ...ctx, ...over });

  it.each([
    ['jump: anticipation squash before take-off', () => at('jump', 0.14).sy < 0.85],
    ['jump: up in the air at the middle', () => at('jump', 0.52).dy < -0.35],
    ['jump: squash on landing', () => at('jump', 0.86).sy < 0.85 && at('jump', 0.86).sx > 1.1],
    ['jump: stretched on take-off', () => at('jump', 0.3).sy > 1.1],
    ['bounce: squash at contact, lift in between', () => at('bounce', 0.07).sy < 0.8 && at('bounce', 0.5).dy < -0.25],
    ['walk: the feet lift in turn and the body never leaves the ground', () =>
      at('walk', 0.25).stride > 0 && at('walk', 0.75).stride < 0 && [0.1, 0.3, 0.6, 0.9].every((u) => at('walk', u).dy === 0)],
    ['idle: breathing in place', () => at('idle', 0.5).sy > 1.02 && at('idle', 0.5).dy === 0 && at('idle', 0.5).dx === 0],
    ['run: feet off the ground mid-stride, leaning forward', () => at('run', 0.25).dy < -0.04 && at('run', 0.25).lean > 0.04],
    ['run left leans left', () => at('run', 0.25, { direction: -1 }).lean < -0.04],
    ['attack: winds up back, strikes forward with a smear', () =>
      at('attack', 0.3).dx < 0 && at('attack', 0.5).dx > 0.08 && at('attack', 0.42).smear > 0.9],
    ['attack left strikes left', () => at('attack', 0.5, { direction: -1 }).dx < -0.08],
    ['hit: recoils away and flashes', () => at('hit', 0.1).dx < -0.05 && at('hit', 0.1).flash === 1 && at('hit', 0.4).flash === 0],
    ['die: falls over, fades out, lies on the falling side', () =>
      Math.abs(at('die', 1).rot) > 1.2 && at('die', 1).fade === 0 && at('die', 1).pivot === 0.5 && at('die', 0.5).fade === 1],
    ['die left falls left', () => at('die', 1, { direction: -1 }).rot < -1.2],
    ['spin: the width goes through zero and comes back mirrored', () => Math.abs(at('spin', 0.25).sx) < 0.01 && at('spin', 0.5).sx < -0.99],
    ['float: hovers up', () => at('float', 0.5).dy < -0.08],
    ['shake: whole-pixel jitter, mostly sideways', () =>
      Number.isInteger(at('shake', 0.3).jx) && Math.abs(at('shake', 0.3).jx) >= 1],
    ['pulse: brightens and swells', () => at('pulse', 0.5).glow > 0.8 && at('pulse', 0.5).sy > 1.03],
    ['wave: the top bends both ways', () => at('wave', 0.25).bend > 0.05 && at('wave', 0.75).bend < -0.05],
    ['dash: bursts sideways stretched along the move, then comes back', () =>
      at('dash', 0.4).dx > 0.4 && at('dash', 0.27).sx > 1.2 && Math.abs(at('dash', 0.97).dx) < 0.01],
    ['cast: crouches while the glow builds, releases upward', () =>
      at('cast', 0.45).sy < 0.95 && at('cast', 0.45).glow > 0.9 && at('cast', 0.58).sy > 1.05],
    ['big is bigger, small is smaller', () =>
      at('jump', 0.52, { amplitude: 1.5 }).dy < at('jump', 0.52).dy && at('jump', 0.52, { amplitude: 0.6 }).dy > at('jump', 0.52).dy],
  ])('%s', (_name, check) => {
    expect(check()).toBe(true);
  });

  it('shake and hit jitter come from the seed: same seed same shake, another seed another', () => {
    const jitters = (seed: number): number[] => Array.from({ length: 12 }, (_, f) => motionPose('shake', (f + 0.5) / 12, { ...ctx, seed, frame: f }).jx);
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
