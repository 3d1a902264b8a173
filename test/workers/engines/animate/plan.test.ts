import { describe, expect, it } from 'vitest';
import { planTag, readMotionPlan } from '../../../../workers/engines/animate/plan.ts';
import { MOTION_NAMES } from '../../../../workers/engines/animate/motions/index.ts';
import { motionFromText } from '../../../../workers/engines/animate/plan.ts';
import { stems } from '../../../../workers/engines/animate/words.ts';

/** The plan's motions as "name speed amplitude direction" strings, for compact tables. */
const read = (text: string, enhanced = true, frames = 36): string[] =>
  readMotionPlan(text, enhanced, frames).motions.map((m) => [m.name, m.speed, m.amplitude, m.direction].join(' '));

describe('readMotionPlan, enhanced', () => {
  it.each([
    // Every motion by its name and by synonyms and word forms.
    ['idle', 'idle'], ['breathing', 'idle'], ['a knight standing', 'idle'],
    ['walk', 'walk'], ['strolling', 'walk'], ['marches', 'walk'],
    ['run', 'run'], ['running', 'run'], ['sprints', 'run'],
    ['jump', 'jump'], ['hop', 'jump'], ['leaping', 'jump'], ['the knight jumps', 'jump'],
    ['attack', 'attack'], ['strike', 'attack'], ['swinging a sword', 'attack'], ['slashes', 'attack'],
    ['hit', 'hit'], ['gets hurt', 'hit'], ['takes damage', 'hit'], ['take damage', 'hit'],
    ['die', 'die'], ['dying', 'die'], ['falls over', 'die'], ['collapse', 'die'],
    ['spin', 'spin'], ['turning', 'spin'], ['turn around', 'spin'], ['rotates', 'spin'],
    ['float', 'float'], ['hover', 'float'], ['levitating', 'float'], ['flies', 'float'],
    ['bounce', 'bounce'], ['Bounce!', 'bounce'], ['bouncy slime', 'bounce'],
    ['shake', 'shake'], ['trembling', 'shake'], ['shivers', 'shake'],
    ['pulse', 'pulse'], ['glowing', 'pulse'], ['throbs', 'pulse'],
    ['wave', 'wave'], ['swaying in the wind', 'wave'], ['sway', 'wave'],
    ['dash', 'dash'], ['darts', 'dash'], ['dodge', 'dash'],
    ['cast', 'cast'], ['charging', 'cast'], ['power up', 'cast'], ['summons', 'cast'],
    ['cheer', 'cheer'], ['celebrating the victory', 'cheer'], ['a victory pose', 'cheer'], ['wins', 'cheer'],
    // Requests a game asks for that name no motion of their own, read as the nearest one.
    ['shoot a bow', 'attack'], ['throws', 'attack'], ['uppercut', 'attack'], ['heal', 'cast'], ['level up', 'cast'],
    ['say hello', 'wave'], ['salutes', 'wave'], ['dizzy', 'shake'], ['stunned', 'shake'], ['crawling', 'walk'],
    ['crouch', 'crouch'], ['kneels', 'crouch'], ['duck down', 'crouch'], ['take cover', 'crouch'], ['sitting', 'crouch'],
    ['kick', 'kick'], ['kicks the door', 'kick'], ['a roundhouse', 'kick'],
    // A duck is as often the subject as the motion.
    ['a duck walks', 'walk'],
  ])('%s -> %s', (text, name) => {
    const plan = readMotionPlan(text, true, 36);
    expect(plan.motions.map((m) => m.name)).toEqual([name]);
    expect(plan.default).toBe(false);
  });

  it.each([
    ['fast jump', ['jump fast normal none']],
    ['jumping quickly', ['jump fast normal none']],
    ['quick hop', ['jump fast normal none']],
    ['rapid run', ['run fast normal none']],
    ['slowly walking', ['walk slow normal none']],
    ['a small jump', ['jump normal small none']],
    ['gentle sway', ['wave normal small none']],
    ['little hop', ['jump normal small none']],
    ['huge leap', ['jump normal big none']],
    ['large bounce', ['bounce normal big none']],
    ['walk left', ['walk normal normal left']],
    ['dash to the right', ['dash normal normal right']],
    ['big and slow jump', ['jump slow big none']],
    ['walk, fast', ['walk fast normal none']],
  ])('modifiers in either order: %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    ['walk then jump', ['walk', 'jump']],
    ['charge and cast', ['cast', 'cast']],
    ['run, dash', ['run', 'dash']],
    ['jump after running', ['run', 'jump']],
    ['after running, jump', ['run', 'jump']],
    ['walk -> run -> jump', ['walk', 'run', 'jump']],
    ['attack, get hit, then die', ['attack', 'hit', 'die']],
    // Nothing follows a death: the motions after it are dropped.
    ['die then walk', ['die']],
  ])('sequences: %s', (text, names) => {
    expect(readMotionPlan(text, true, 36).motions.map((m) => m.name)).toEqual(names);
  });

  it('splits the frames into consecutive segments and counts whole cycles', () => {
    const plan = readMotionPlan('walk quickly then a big jump to the left', true, 36);
    expect(plan.motions).toEqual([
      { name: 'walk', from: 0, to: 17, cycles: 2, speed: 'fast', direction: 'none', amplitude: 'normal', words: ['walk'] },
      { name: 'jump', from: 18, to: 35, cycles: 1, speed: 'normal', direction: 'left', amplitude: 'big', words: ['jump'] },
    ]);
    expect(planTag(plan)).toBe('walk+jump');
  });

  it('covers every frame exactly once, for any count', () => {
    for (const frames of [2, 5, 36, 49, 100, 121]) {
      const plan = readMotionPlan('walk then run then jump then spin', true, frames);
      expect(plan.motions[0]?.from).toBe(0);
      expect(plan.motions[plan.motions.length - 1]?.to).toBe(frames - 1);
      plan.motions.slice(1).forEach((m, k) => expect(m.from).toBe((plan.motions[k]?.to ?? 0) + 1));
    }
  });

  it('unknown text -> idle breathing, recorded as the default', () => {
    expect(readMotionPlan('a knight', true, 36)).toEqual({
      text: 'a knight', enhanced: true, default: true,
      motions: [{ name: 'idle', from: 0, to: 35, cycles: 2, speed: 'normal', direction: 'none', amplitude: 'normal', words: [] }],
    });
  });

  it('records a glow colour named by the text', () => {
    expect(readMotionPlan('glowing green', true, 36).color).toBe('#28c846');
    expect(readMotionPlan('glowing', true, 36).color).toBeUndefined();
  });
});

describe('readMotionPlan, literal (prompt enhancement off)', () => {
  it.each([
    ['jump', ['jump normal normal none'], false],
    ['Jump!', ['jump normal normal none'], false],
    ['jump fast', ['jump fast normal none'], false],
    ['big spin left', ['spin normal big left'], false],
    // Word forms and synonyms are not read: the default plays.
    ['jumping', ['idle normal normal none'], true],
    ['hop', ['idle normal normal none'], true],
    ['jump quickly', ['jump normal normal none'], false],
    // No sequences: the first exact name wins.
    ['walk then jump', ['walk normal normal none'], false],
    ['a knight that can run and jump', ['run normal normal none'], false],
  ])('%s', (text, expected, isDefault) => {
    const plan = readMotionPlan(text, false, 36);
    expect(read(text, false)).toEqual(expected);
    expect(plan.default).toBe(isDefault);
    expect(plan.enhanced).toBe(false);
  });
});

describe('motion words', () => {
  it.each([
    ['running', 'run'], ['dying', 'die'], ['breathing', 'breathe'], ['quickly', 'quick'], ['flies', 'fly'],
    ['jumped', 'jump'], ['faster', 'fast'], ['bigger', 'big'], ['hopping', 'hop'], ['casting', 'cast'],
  ])('%s has the stem %s', (word, stem) => {
    expect(stems(word)).toContain(stem);
  });

  it('motionFromText reads the first motion of a text with the same vocabulary', () => {
    expect(motionFromText('the knight jumps then runs')).toBe('jump');
    expect(motionFromText('nothing here')).toBe('idle');
  });

  it('every motion of the library is recognised by its own name, literally', () => {
    for (const name of MOTION_NAMES) expect(readMotionPlan(name, false, 36).motions[0]?.name).toBe(name);
  });
});
