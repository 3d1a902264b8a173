// Text -> motion plan: which motions play over which frames, how fast, how big, to which side.
// The built-in engine is not a language model; it reads motion words and modifiers it knows
// (words.ts). With prompt enhancement it also reads synonyms and word forms, either
// word order ("jumping quickly" = "fast jump") and sequences ("walk then jump", "charge and cast",
// "run, dash", "jump after running"); without it, it takes the words literally: the first exact
// motion name wins. The plan is written into sheet.json (meta.plan) so a user sees how it read.
import { checkInt } from '../../kernels/check.ts';
import { lookupMotionWord, MOTION_PHRASES } from './words.ts';
import type { Side, Size, Speed } from './words.ts';
import { MOTIONS, motionCycles } from './motions/index.ts';
import type { MotionName } from './motions/index.ts';
import { colorWord, words } from '../../kernels/words.ts';

export interface PlannedMotion {
  name: MotionName;
  /** First and last frame of this motion (inclusive, like Aseprite's frameTags). */
  from: number;
  to: number;
  /** Whole repeats over its frames. */
  cycles: number;
  speed: Speed;
  direction: Side | 'none';
  amplitude: Size;
  /** The words of the text that asked for it (empty for the default). */
  words: string[];
}

export interface MotionPlan {
  text: string;
  enhanced: boolean;
  motions: PlannedMotion[];
  /** True when the text named no motion and the default (idle breathing) was used. */
  default: boolean;
  /** Glow colour named by the text (#rrggbb), for pulse and cast. */
  color?: string;
}

export const SPEED_FACTOR: Readonly<Record<Speed, number>> = { slow: 0.6, normal: 1, fast: 1.6 };
export const SIZE_FACTOR: Readonly<Record<Size, number>> = { small: 0.6, normal: 1, big: 1.5 };

// Words that end one clause and start the next. "after" also reverses the order ("jump after running").
const SEPARATORS = new Set(['then', 'and', 'after', 'before', 'followed', 'next', 'finally', 'afterwards', 'afterward', 'later', 'plus']);
// A sequence longer than this is not an animation of a few seconds any more.
const MAX_SEGMENTS = 8;
// Frames a segment needs at least to show its motion at all.
const MIN_SEGMENT_FRAMES = 6;

interface Modifiers {
  speed?: Exclude<Speed, 'normal'>;
  size?: Exclude<Size, 'normal'>;
  side?: Side;
}

interface Clause {
  motions: { name: MotionName; words: string[] }[];
  mods: Modifiers;
  after: boolean;
}

/** Words and separators: "walk, then jump!" -> walk , then jump ! */
function tokens(text: string): string[] {
  return text.toLowerCase().replace(/[’']/g, '').match(/\p{L}+|->|→|[,;.!?/+&>]/gu) ?? [];
}

function readClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  let current: Clause = { motions: [], mods: {}, after: false };
  const close = (after: boolean): void => {
    if (current.motions.length > 0 || Object.keys(current.mods).length > 0) clauses.push(current);
    current = { motions: [], mods: {}, after };
  };
  const list = tokens(text);
  for (let i = 0; i < list.length; i++) {
    const w = list[i] as string;
    if (!/\p{L}/u.test(w) || SEPARATORS.has(w)) {
      close(w === 'after' || (current.after && current.motions.length === 0));
      continue;
    }
    const next = list[i + 1];
    const phrase = MOTION_PHRASES.find(([a, b]) => a === w && b === next);
    const meaning = phrase ? { kind: 'motion' as const, motion: phrase[2] } : lookupMotionWord(w, true);
    if (phrase) i++;
    if (!meaning) continue;
    if (meaning.kind === 'motion') {
      const last = current.motions[current.motions.length - 1];
      if (last?.name === meaning.motion) last.words.push(w);
      else current.motions.push({ name: meaning.motion, words: phrase ? [w, phrase[1]] : [w] });
    } else if (meaning.kind === 'speed') current.mods.speed = meaning.speed;
    else if (meaning.kind === 'size') current.mods.size = meaning.size;
    else current.mods.side = meaning.side;
  }
  close(false);
  return clauses;
}

/** Enhanced reading: clauses in time order, modifiers attached, one entry per motion. */
function readEnhanced(text: string): { name: MotionName; words: string[]; mods: Modifiers }[] {
  const ordered: Clause[] = [];
  for (const c of readClauses(text)) {
    // "jump after running": the clause after "after" happened first.
    const prev = ordered[ordered.length - 1];
    if (c.after && c.motions.length > 0 && prev && prev.motions.length > 0) ordered.splice(ordered.length - 1, 0, c);
    else ordered.push(c);
  }
  // Modifier-only clauses ("big and slow jump", "walk, fast") lend their words to the nearest motion.
  let pending: Modifiers = {};
  const out: { name: MotionName; words: string[]; mods: Modifiers }[] = [];
  for (const c of ordered) {
    if (c.motions.length === 0) {
      pending = { ...pending, ...c.mods };
      continue;
    }
    const mods = { ...pending, ...c.mods };
    pending = {};
    for (const m of c.motions) out.push({ ...m, mods });
  }
  const last = out[out.length - 1];
  if (last) last.mods = { ...pending, ...last.mods };
  return out;
}

/** Literal reading: the first word that is exactly a motion's name, and plain modifiers anywhere. */
function readLiteral(text: string): { name: MotionName; words: string[]; mods: Modifiers }[] {
  const mods: Modifiers = {};
  let found: { name: MotionName; words: string[] } | undefined;
  for (const w of tokens(text)) {
    const m = lookupMotionWord(w, false);
    if (!m) continue;
    if (m.kind === 'motion') found ??= { name: m.motion, words: [w] };
    else if (m.kind === 'speed') mods.speed = m.speed;
    else if (m.kind === 'size') mods.size = m.size;
    else mods.side = m.side;
  }
  return found ? [{ ...found, mods }] : [{ name: 'idle', words: [], mods }];
}

/** Reads `text` into a plan over `frames` frames. */
export function readMotionPlan(text: string, enhanced: boolean, frames: number): MotionPlan {
  checkInt(frames, 1, 4096, 'frames');
  let entries = enhanced ? readEnhanced(text) : readLiteral(text);
  const isDefault = entries.length === 0 || (!enhanced && entries[0]?.words.length === 0);
  if (entries.length === 0) entries = [{ name: 'idle', words: [], mods: readLiteral(text)[0]?.mods ?? {} }];
  // A motion that does not come back (die) ends the clip: nothing can follow it.
  const end = entries.findIndex((e) => !MOTIONS[e.name].returns);
  if (end >= 0) entries = entries.slice(0, end + 1);
  entries = entries.slice(0, Math.max(1, Math.min(MAX_SEGMENTS, Math.floor(frames / MIN_SEGMENT_FRAMES))));
  const n = entries.length;
  const motions = entries.map((e, k): PlannedMotion => {
    const from = Math.round((k * frames) / n);
    const to = Math.round(((k + 1) * frames) / n) - 1;
    const speed: Speed = e.mods.speed ?? 'normal';
    return {
      name: e.name, from, to,
      cycles: motionCycles(e.name, to - from + 1, SPEED_FACTOR[speed]),
      speed, direction: e.mods.side ?? 'none', amplitude: e.mods.size ?? 'normal', words: e.words,
    };
  });
  const color = colorWord(text)?.color;
  const hex = color ? `#${[color.r, color.g, color.b].map((v) => v.toString(16).padStart(2, '0')).join('')}` : undefined;
  return { text, enhanced, motions, default: isDefault, ...(hex ? { color: hex } : {}) };
}

/** The sheet.json tag: the motions' names in order, "walk" or "walk+jump". */
export function planTag(plan: MotionPlan): string {
  return plan.motions.map((m) => m.name).join('+');
}

/**
 * The first motion `text` names (synonyms and word forms included), else 'idle': a quick reading
 * for callers that want one name rather than a whole plan.
 */
export function motionFromText(text: string): MotionName {
  for (const w of words(text)) {
    const hit = lookupMotionWord(w, true);
    if (hit?.kind === 'motion') return hit.motion;
  }
  return 'idle';
}
