// Procedural motions read from the prompt: each is a transform of the sprite as a function of the
// phase (0..1 over the whole clip). Every motion repeats a whole number of times over the clip, so
// phase 1 equals phase 0 and the animation loops without a jump.
import type { SpriteTransform } from './transform.ts';
import { firstMatch } from './words.ts';

export type MotionName = 'jump' | 'walk' | 'run' | 'spin' | 'attack' | 'shake' | 'float' | 'idle';

interface MotionWord {
  name: MotionName;
  words: readonly string[];
  /** Frames one repeat takes at 12 fps (12 = one second). */
  framesPerCycle: number;
}

const MOTION_WORDS: readonly MotionWord[] = [
  { name: 'jump', words: ['jump', 'jumps', 'jumping', 'hop', 'hops', 'hopping', 'bounce', 'bounces', 'bouncing', 'leap', 'leaps', 'leaping'], framesPerCycle: 18 },
  { name: 'run', words: ['run', 'runs', 'running', 'sprint', 'sprinting', 'dash', 'dashing', 'gallop'], framesPerCycle: 8 },
  { name: 'walk', words: ['walk', 'walks', 'walking', 'step', 'steps', 'stroll', 'march', 'marching', 'move', 'moving'], framesPerCycle: 12 },
  { name: 'spin', words: ['spin', 'spins', 'spinning', 'rotate', 'rotates', 'rotating', 'turn', 'turns', 'turning', 'twirl', 'flip'], framesPerCycle: 24 },
  { name: 'attack', words: ['attack', 'attacks', 'attacking', 'slash', 'slashing', 'swing', 'swinging', 'punch', 'punching', 'strike', 'stab', 'kick', 'hit', 'hits', 'cast', 'casting'], framesPerCycle: 12 },
  { name: 'shake', words: ['shake', 'shakes', 'shaking', 'hurt', 'damage', 'damaged', 'tremble', 'shiver', 'vibrate', 'stagger'], framesPerCycle: 12 },
  { name: 'float', words: ['float', 'floats', 'floating', 'hover', 'hovering', 'fly', 'flies', 'flying', 'levitate', 'levitating', 'swim', 'swimming', 'bob', 'bobbing'], framesPerCycle: 24 },
];

const IDLE: MotionWord = { name: 'idle', words: [], framesPerCycle: 18 };

/** The motion the text asks for (first motion word wins), else 'idle' (a gentle breathing). */
export function motionFromText(text: string): MotionName {
  return (firstMatch(text, MOTION_WORDS) ?? IDLE).name;
}

/** The sprite's opaque box in its canvas: motions scale with it and anchor at its feet. */
export interface SpriteBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many times `name` repeats over `frameCount` frames: whole, at least once. */
export function motionCycles(name: MotionName, frameCount: number): number {
  const entry = MOTION_WORDS.find((m) => m.name === name) ?? IDLE;
  return Math.max(1, Math.round(frameCount / entry.framesPerCycle));
}

const TAU = Math.PI * 2;

/**
 * The transform of motion `name` at `phase` (0..1 over the clip, repeated `cycles` times).
 * Phase 0 (and 1) is the identity. `amount` (0..1) tones the motion down toward the identity;
 * `wholePixels` rounds offsets and scaled sizes for pixel art.
 */
export function motionAt(
  name: MotionName,
  phase: number,
  cycles: number,
  box: SpriteBox,
  wholePixels: boolean,
  amount = 1,
): SpriteTransform {
  const u = (phase * cycles) % 1;
  const w = box.width;
  const h = box.height;
  let dx = 0, dy = 0, sx = 1, sy = 1;
  switch (name) {
    case 'jump': {
      const hop = 4 * u * (1 - u); // parabola: up fast, hang, down fast
      dy = -0.2 * h * hop;
      sy = 1 + 0.06 * hop; // stretch in the air
      sx = 1 - 0.04 * hop;
      break;
    }
    case 'walk':
    case 'run': {
      const amp = name === 'run' ? 1.6 : 1;
      dx = 0.08 * amp * w * Math.sin(TAU * u);
      dy = -0.035 * amp * h * Math.abs(Math.sin(TAU * u)); // up on each step
      break;
    }
    case 'spin': {
      // Pseudo-3D turn: the width goes through zero and the sprite comes back mirrored.
      const c = Math.cos(TAU * u);
      sx = Math.sign(c || 1) * Math.max(0.06, Math.abs(c));
      break;
    }
    case 'attack': {
      // Wind up backwards over the first half, lunge forward over the second.
      const s = -Math.sin(TAU * u);
      dx = 0.12 * w * s * (u < 0.5 ? 0.3 : 1);
      sx = 1 + 0.04 * Math.max(0, s) * (u < 0.5 ? 0 : 1);
      break;
    }
    case 'shake':
      dx = 0.04 * w * Math.sin(TAU * u * 4) * (1 - u);
      break;
    case 'float':
      dy = -0.06 * h * (0.5 - 0.5 * Math.cos(TAU * u));
      break;
    case 'idle': {
      const breath = 0.5 - 0.5 * Math.cos(TAU * u);
      sy = 1 + 0.035 * breath;
      sx = 1 - 0.012 * breath;
      break;
    }
  }
  if (amount !== 1) {
    dx *= amount;
    dy *= amount;
    // A toned-down spin squashes without mirroring: a half-mirrored blend reads as a glitch.
    sx = 1 + (Math.abs(sx) - 1) * amount;
    sy = 1 + (sy - 1) * amount;
  }
  if (wholePixels) {
    dx = Math.round(dx);
    dy = Math.round(dy);
    // Scale so the sprite's size changes by whole pixels (no half-pixel seams in pixel art).
    sx = Math.sign(sx) * Math.max(1, Math.round(Math.abs(sx) * w)) / w;
    sy = Math.max(1, Math.round(sy * h)) / h;
  }
  return { dx, dy, scaleX: sx, scaleY: sy, anchorX: box.x + w / 2, anchorY: box.y + h };
}
