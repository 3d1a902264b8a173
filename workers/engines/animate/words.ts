// The words the animate engine understands: each motion's synonyms and the modifiers (speed, size,
// side). With prompt enhancement a word is also tried under its stems ("jumping" -> jump, "quickly"
// -> quick, "flies" -> fly); without it only the motions' own names and the plain modifiers count.
import type { MotionName } from './motions/index.ts';

/** Synonyms, in base form; the motion's own name is listed first. */
const MOTION_SYNONYMS: Readonly<Record<MotionName, readonly string[]>> = {
  idle: ['idle', 'breathe', 'breath', 'rest', 'stand', 'wait', 'still', 'relax', 'pant', 'loiter', 'stay', 'calm', 'sleep', 'snore'],
  walk: ['walk', 'stroll', 'step', 'march', 'pace', 'wander', 'stride', 'amble', 'trudge', 'tiptoe', 'sneak', 'creep', 'patrol', 'move', 'waddle', 'stomp', 'limp', 'crawl', 'push'],
  run: ['run', 'sprint', 'jog', 'gallop', 'race', 'rush', 'flee', 'chase', 'scurry', 'scamper'],
  jump: ['jump', 'hop', 'leap', 'spring', 'vault', 'pounce', 'skip', 'jumpy'],
  attack: ['attack', 'slash', 'strike', 'swing', 'stab', 'thrust', 'punch', 'hack', 'chop', 'cut', 'lunge', 'smash', 'bash', 'swipe', 'jab', 'fight', 'bite', 'claw', 'slam', 'whack', 'combo', 'kill', 'shoot', 'throw', 'toss', 'hurl', 'uppercut', 'parry', 'headbutt', 'smack', 'pummel'],
  hit: ['hit', 'hurt', 'damage', 'injure', 'wound', 'ouch', 'flinch', 'recoil', 'knockback', 'stagger', 'pain', 'struck', 'impact', 'harm'],
  die: ['die', 'dead', 'death', 'fall', 'faint', 'collapse', 'perish', 'defeat', 'ko', 'topple', 'slain', 'fell', 'expire', 'killed'],
  spin: ['spin', 'turn', 'rotate', 'twirl', 'whirl', 'pirouette', 'revolve', 'flip', 'roll'],
  float: ['float', 'hover', 'levitate', 'fly', 'drift', 'glide', 'soar', 'bob', 'swim', 'flutter', 'flap', 'flew', 'flown', 'hang'],
  bounce: ['bounce', 'bouncy', 'boing', 'rebound', 'squish', 'squash', 'jiggle', 'jelly', 'springy'],
  shake: ['shake', 'tremble', 'shiver', 'vibrate', 'quake', 'jitter', 'rattle', 'quiver', 'shudder', 'rumble', 'shook', 'wobble', 'stun', 'stunned', 'dizzy', 'daze', 'dazed', 'laugh', 'giggle'],
  pulse: ['pulse', 'glow', 'pulsate', 'throb', 'shine', 'blink', 'shimmer', 'gleam', 'radiate', 'beat', 'heartbeat', 'flash', 'flicker'],
  wave: ['wave', 'sway', 'wiggle', 'rock', 'ripple', 'bend', 'blow', 'waggle', 'dance', 'swish', 'flow', 'breeze', 'wind', 'wag', 'greet', 'hello', 'hi', 'bye', 'goodbye', 'salute', 'beckon'],
  dash: ['dash', 'dart', 'zip', 'dodge', 'evade', 'sidestep', 'slide', 'swoop', 'zoom', 'bolt', 'burst', 'teleport', 'blitz'],
  cast: ['cast', 'charge', 'channel', 'conjure', 'summon', 'spell', 'chant', 'invoke', 'focus', 'gather', 'empower', 'incant', 'enchant', 'magic', 'spellcast', 'heal', 'pray'],
  cheer: ['cheer', 'celebrate', 'celebration', 'victory', 'win', 'triumph', 'hooray', 'hurray', 'yay', 'rejoice', 'victorious', 'winner', 'won'],
  kick: ['kick', 'roundhouse', 'knee', 'kicked'],
  // Not 'duck' alone: a duck is as often the subject ("a duck walks").
  crouch: ['crouch', 'kneel', 'squat', 'hide', 'sit', 'cower', 'stoop', 'crouched', 'knelt', 'brace', 'cover'],
};

/** Phrases read as one word (checked before single words, enhanced reading only). */
export const MOTION_PHRASES: readonly (readonly [string, string, MotionName])[] = [
  ['power', 'up', 'cast'],
  ['level', 'up', 'cast'],
  ['duck', 'down', 'crouch'],
  ['duck', 'under', 'crouch'],
  ['get', 'down', 'crouch'],
  ['take', 'cover', 'crouch'],
  ['fall', 'down', 'die'],
  ['fall', 'over', 'die'],
  ['turn', 'around', 'spin'],
  ['stand', 'still', 'idle'],
  ['take', 'damage', 'hit'],
  ['get', 'hit', 'hit'],
];

export type Speed = 'slow' | 'normal' | 'fast';
export type Size = 'small' | 'normal' | 'big';
/** Where a motion that goes somewhere goes: a side of the picture, or along the subject's facing. */
export type Side = 'left' | 'right' | 'forward' | 'backward';

const SPEED_WORDS: Readonly<Record<Exclude<Speed, 'normal'>, readonly string[]>> = {
  fast: ['fast', 'quick', 'rapid', 'swift', 'speedy', 'hasty', 'hurried', 'brisk', 'frantic', 'furious', 'hurry', 'energetic'],
  slow: ['slow', 'sluggish', 'lazy', 'leisurely', 'languid', 'sleepy', 'tired', 'lethargic'],
};

const SIZE_WORDS: Readonly<Record<Exclude<Size, 'normal'>, readonly string[]>> = {
  small: ['small', 'little', 'gentle', 'tiny', 'slight', 'subtle', 'soft', 'mild', 'low', 'minor', 'light', 'weak', 'short'],
  big: ['big', 'huge', 'large', 'giant', 'high', 'strong', 'massive', 'wide', 'dramatic', 'exaggerated', 'powerful', 'mighty', 'great', 'hard', 'epic', 'heavy', 'enormous', 'tall'],
};

const SIDE_WORDS: Readonly<Record<Side, readonly string[]>> = {
  left: ['left', 'leftward', 'leftwards', 'west'],
  right: ['right', 'rightward', 'rightwards', 'east'],
  forward: ['forward', 'forwards', 'ahead', 'onward', 'frontward', 'frontwards'],
  backward: ['backward', 'backwards', 'back', 'rearward', 'rearwards'],
};

/** What one word means to the plan reader. */
export type WordMeaning =
  | { kind: 'motion'; motion: MotionName }
  | { kind: 'speed'; speed: Exclude<Speed, 'normal'> }
  | { kind: 'size'; size: Exclude<Size, 'normal'> }
  | { kind: 'side'; side: Side };

function table(): { loose: Map<string, WordMeaning>; literal: Map<string, WordMeaning> } {
  const loose = new Map<string, WordMeaning>();
  const literal = new Map<string, WordMeaning>();
  const modifier = (w: string, m: WordMeaning): void => {
    loose.set(w, m);
    literal.set(w, m);
  };
  for (const [speed, list] of Object.entries(SPEED_WORDS) as [Exclude<Speed, 'normal'>, readonly string[]][]) {
    list.forEach((w, i) => (i === 0 ? modifier(w, { kind: 'speed', speed }) : loose.set(w, { kind: 'speed', speed })));
  }
  for (const [size, list] of Object.entries(SIZE_WORDS) as [Exclude<Size, 'normal'>, readonly string[]][]) {
    list.forEach((w, i) => (i === 0 ? modifier(w, { kind: 'size', size }) : loose.set(w, { kind: 'size', size })));
  }
  for (const [side, list] of Object.entries(SIDE_WORDS) as [Side, readonly string[]][]) {
    list.forEach((w, i) => (i === 0 ? modifier(w, { kind: 'side', side }) : loose.set(w, { kind: 'side', side })));
  }
  // Motion synonyms never take a word a modifier already has ("light" is a light, i.e. small, jump).
  for (const [motion, list] of Object.entries(MOTION_SYNONYMS) as [MotionName, readonly string[]][]) {
    literal.set(motion, { kind: 'motion', motion });
    for (const w of list) if (!loose.has(w)) loose.set(w, { kind: 'motion', motion });
  }
  return { loose, literal };
}

const TABLES = table();

/**
 * Stems of an English word form, most likely first: running -> run, dying -> die, breathing ->
 * breathe, quickly -> quick, flies -> fly, jumped -> jump, faster -> fast, bigger -> big.
 */
export function stems(word: string): string[] {
  const out = [word];
  const add = (s: string): void => {
    if (s.length >= 2 && !out.includes(s)) out.push(s);
  };
  const undouble = (s: string): void => {
    add(s);
    const n = s.length;
    if (n >= 3 && s[n - 1] === s[n - 2] && !'aeiouls'.includes(s[n - 1] as string)) add(s.slice(0, -1));
    add(`${s}e`);
  };
  if (word.endsWith('ying')) add(`${word.slice(0, -4)}ie`);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'er', 'est']) {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) undouble(word.slice(0, -suffix.length));
  }
  if (word.endsWith('ily')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('ly')) add(word.slice(0, -2));
  if (word.endsWith('ies') || word.endsWith('ied')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  return out;
}

/**
 * What `word` (lower case) means: with `enhanced`, any synonym under any stem; without, only a
 * motion's own name or a plain modifier, exactly as written.
 */
export function lookupMotionWord(word: string, enhanced: boolean): WordMeaning | undefined {
  if (!enhanced) return TABLES.literal.get(word);
  for (const s of stems(word)) {
    const hit = TABLES.loose.get(s);
    if (hit) return hit;
  }
  return undefined;
}
