// The effect engine (generate/effect v1 and v2): a looping particle effect drawn cell by cell and
// laid out on a square, opaque sheet of the requested side (decisions §3). What the particles do
// and their colours come from words of the description; a reference image sets the colour.
import type { RawImage } from '../types.ts';
import { checkInt } from '../kernels/check.ts';
import { createImage } from '../kernels/image.ts';
import type { Rgba } from '../kernels/image.ts';
import { assembleSheet, sheetGrid } from '../kernels/sheet.ts';
import type { Sheet } from '../kernels/sheet.ts';
import { drawCapsule, drawDisc } from '../kernels/draw.ts';
import { mixColor } from '../kernels/recolor.ts';
import { createRandom } from '../kernels/random.ts';
import type { Random } from '../kernels/random.ts';
import { effectStyle } from './effectStyle.ts';
import type { EffectMotion } from './effectStyle.ts';

export interface EffectInput {
  description: string;
  frames: number;
  /** Side of the square sheet in pixels. */
  size: number;
  background: Rgba;
  reference?: RawImage;
  seed: string;
}

export interface EffectResult {
  sheet: Sheet;
  tag: string;
}

export function effect(input: EffectInput, onProgress?: (fraction: number) => void): EffectResult {
  checkInt(input.frames, 1, 64, 'frames');
  checkInt(input.size, 64, 8192, 'size');
  const grid = sheetGrid(input.frames);
  const cell = Math.floor(input.size / grid.columns);
  const style = effectStyle(input.description, input.reference, input.seed);
  const colors = style.colors.map((c) => withContrast(c, input.background));
  const particles = makeParticles(createRandom(input.seed, 'effect-particles'), style.motion);
  const cells: RawImage[] = [];
  for (let i = 0; i < input.frames; i++) {
    const canvas = createImage(cell, cell, input.background);
    drawFrame(canvas, i / input.frames, i, style.motion, colors, particles, input.seed);
    cells.push(canvas);
    onProgress?.((i + 1) / input.frames);
  }
  // The sheet's side may not divide by the columns (1024 / 3): the remainder stays background.
  const sheet = assembleSheet(cells, { width: input.size, height: input.size, background: input.background });
  return { sheet, tag: style.name };
}

/** Keeps a colour visible on the background: too close and it moves toward the opposite. */
function withContrast(c: Rgba, bg: Rgba): Rgba {
  const dist = Math.abs(c.r - bg.r) + Math.abs(c.g - bg.g) + Math.abs(c.b - bg.b);
  if (dist >= 150) return c;
  const bgLight = bg.r * 0.299 + bg.g * 0.587 + bg.b * 0.114 > 128;
  const away: Rgba = bgLight ? { r: 0, g: 0, b: 0, a: 255 } : { r: 255, g: 255, b: 255, a: 255 };
  return mixColor(c, away, 0.55);
}

interface Particle {
  /** Where in its life cycle the particle is at phase 0, so particles do not move in lockstep. */
  offset: number;
  angle: number;
  speed: number;
  size: number;
  sway: number;
}

const PARTICLES = 56;

function makeParticles(rng: Random, motion: EffectMotion): Particle[] {
  const count = motion === 'bolt' ? 24 : PARTICLES;
  return Array.from({ length: count }, () => ({
    offset: rng.next(),
    angle: rng.range(0, Math.PI * 2),
    speed: rng.range(0.5, 1),
    size: rng.range(0.5, 1),
    sway: rng.range(-1, 1),
  }));
}

const pick = (colors: readonly Rgba[], age: number): Rgba => {
  const f = Math.min(colors.length - 1.001, age * (colors.length - 1));
  const k = Math.floor(f);
  return mixColor(colors[k] as Rgba, colors[k + 1] as Rgba, f - k);
};

/**
 * One frame at `phase` (0..1, the effect loops). Particle ages advance with the phase and wrap, so
 * the last frame leads back into the first; each frame has a glow at its centre, so none is empty.
 */
function drawFrame(
  img: RawImage, phase: number, index: number, motion: EffectMotion,
  colors: readonly Rgba[], particles: readonly Particle[], seed: string,
): void {
  const s = img.width;
  const cx = s / 2;
  const cy = motion === 'rise' || motion === 'bubble' ? s * 0.7 : s / 2;
  const pulse = 0.5 + 0.5 * Math.sin(Math.PI * 2 * phase);
  const glow = colors[2] as Rgba;
  drawDisc(img, cx, cy, s * (0.12 + 0.05 * pulse), { color: { ...glow, a: 70 }, softness: s * 0.1 });
  drawDisc(img, cx, cy, s * (0.05 + 0.02 * pulse), { color: { ...(colors[0] as Rgba), a: 200 }, softness: s * 0.03 });
  if (motion === 'bolt') {
    drawBolts(img, createRandom(seed, `bolt-${index}`), colors);
  }
  for (const p of particles) {
    const age = (phase + p.offset) % 1;
    const fade = Math.sin(Math.PI * age); // born and gone at nothing, so wrapping does not pop
    const color = { ...pick(colors, age), a: Math.round(230 * fade) };
    const brush = { color, softness: s * 0.012 };
    const r = s * 0.035 * p.size;
    switch (motion) {
      case 'rise': {
        const x = cx + Math.cos(p.angle) * s * 0.16 * (1 - age * 0.5) + Math.sin(age * 9 + p.angle) * s * 0.03 * p.sway;
        const y = cy - age * s * 0.6 * p.speed;
        drawDisc(img, x, y, r * (1.4 - age), brush);
        break;
      }
      case 'burst':
      case 'shards': {
        const d = age * s * 0.42 * p.speed;
        const x = cx + Math.cos(p.angle) * d;
        const y = cy + Math.sin(p.angle) * d;
        if (motion === 'burst') drawDisc(img, x, y, r * (1.3 - age * 0.8), brush);
        else {
          const tail = s * 0.05 * p.size;
          drawCapsule(img, x - Math.cos(p.angle) * tail, y - Math.sin(p.angle) * tail, x, y, r * 0.35, brush);
        }
        break;
      }
      case 'swirl': {
        const a = p.angle + age * Math.PI * 2 * (p.sway >= 0 ? 1 : -1);
        const d = s * (0.08 + 0.3 * age * p.speed);
        drawDisc(img, cx + Math.cos(a) * d, cy + Math.sin(a) * d, r * 0.7 * (1.2 - age), brush);
        break;
      }
      case 'bubble': {
        const x = cx + Math.cos(p.angle) * s * 0.22 * p.sway + Math.sin(age * 7 + p.angle) * s * 0.02;
        const y = cy - age * s * 0.55 * p.speed;
        drawDisc(img, x, y, r * (0.5 + age), brush);
        break;
      }
      case 'bolt': {
        const d = s * 0.3 * p.speed * age;
        drawDisc(img, cx + Math.cos(p.angle) * d, cy + Math.sin(p.angle) * d, r * 0.3, brush);
        break;
      }
    }
  }
}

/** Two or three jagged bolts from the centre outward, new each frame (lightning flickers). */
function drawBolts(img: RawImage, rng: Random, colors: readonly Rgba[]): void {
  const s = img.width;
  const count = rng.int(2, 3);
  for (let b = 0; b < count; b++) {
    let x = s / 2;
    let y = s / 2;
    const angle = rng.range(0, Math.PI * 2);
    const steps = 7;
    for (let k = 0; k < steps; k++) {
      const len = (s * 0.42) / steps;
      const a = angle + rng.range(-0.7, 0.7);
      const nx = x + Math.cos(a) * len;
      const ny = y + Math.sin(a) * len;
      drawCapsule(img, x, y, nx, ny, s * 0.018, { color: { ...(colors[3] as Rgba), a: 90 }, softness: s * 0.015 });
      drawCapsule(img, x, y, nx, ny, s * 0.006, { color: { ...(colors[0] as Rgba), a: 255 }, softness: 1 });
      x = nx;
      y = ny;
    }
  }
}
