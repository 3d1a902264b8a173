// sprite_frames.tres: a Godot 4 SpriteFrames text resource over the sheet PNG, written beside
// sheet.json so a Godot project can use a job's files as they are downloaded. One AtlasTexture per
// frame, the sheet referenced by RELATIVE path (Godot resolves it against the .tres's own folder,
// so the pair works wherever a project puts them).
//
// Timing: Godot plays frame i for `duration_i / speed` seconds (duration is a multiplier of one
// tick at `speed` ticks a second). With g = gcd(1000, every duration in ms), speed = 1000/g and
// duration_i = ms_i/g are both whole numbers, so every frame lasts exactly its ms: the 12 fps
// delays 80, 80, 90 ms give speed 100 and durations 8, 8, 9. Whole numbers also survive Godot's
// 32-bit float frame durations without rounding.
import { checkInt } from '../kernels/check.ts';
import { frameTags, type FrameTag } from './aseprite.ts';
import type { FrameRect } from './sheet.ts';

export interface GodotSpriteFramesInput {
  /** The sheet's file name relative to the .tres, e.g. 'sheet.png'. */
  sheet: string;
  /** Sheet size in pixels (regions are checked against it). */
  width: number;
  height: number;
  rects: readonly FrameRect[];
  /** Per-frame display time, whole milliseconds (sheet.json `duration`). */
  durationsMs: readonly number[];
  /** The animation's name (over every frame), e.g. the sheet.json frame tag; or the animations. */
  animation: string | readonly FrameTag[];
  loop: boolean;
}

/** A frame shown longer than a minute is a bug upstream, not an animation. */
const MAX_DURATION_MS = 60_000;
const MAX_SIDE = 1 << 16;

export function godotSpriteFrames(input: GodotSpriteFramesInput): string {
  const { rects, durationsMs } = input;
  if (rects.length === 0 || rects.length !== durationsMs.length) {
    throw new RangeError(`Expected one duration per frame (${rects.length} frames) but received ${durationsMs.length}`);
  }
  checkRelativePath(input.sheet);
  checkInt(input.width, 1, MAX_SIDE, 'sheet width');
  checkInt(input.height, 1, MAX_SIDE, 'sheet height');
  const animations = frameTags(input.animation, rects.length);
  rects.forEach((r, i) => {
    checkInt(r.x, 0, input.width - 1, `x of frame ${i}`);
    checkInt(r.y, 0, input.height - 1, `y of frame ${i}`);
    checkInt(r.w, 1, input.width - r.x, `width of frame ${i}`);
    checkInt(r.h, 1, input.height - r.y, `height of frame ${i}`);
  });
  durationsMs.forEach((d, i) => checkInt(d, 1, MAX_DURATION_MS, `duration (ms) of frame ${i}`));

  const sheetId = '1_sheet';
  const subId = (i: number) => `AtlasTexture_${i}`;
  const out: string[] = [];
  // load_steps (ext + sub resources + the resource itself) is what Godot 4.0-4.5 write; 4.6 ignores it.
  out.push(`[gd_resource type="SpriteFrames" load_steps=${rects.length + 2} format=3]`, '');
  out.push(`[ext_resource type="Texture2D" path=${godotString(input.sheet)} id="${sheetId}"]`, '');
  rects.forEach((r, i) => {
    out.push(`[sub_resource type="AtlasTexture" id="${subId(i)}"]`);
    out.push(`atlas = ExtResource("${sheetId}")`);
    out.push(`region = Rect2(${r.x}, ${r.y}, ${r.w}, ${r.h})`, '');
  });
  // The same layout Godot's own ResourceSaver writes, so a re-save in the editor changes little.
  // Each animation has its own speed, from its own frames' durations.
  const entries = animations.map((a) => {
    const { speed, ticks } = godotTiming(durationsMs.slice(a.from, a.to + 1));
    const frames = ticks.map((t, i) => `{\n"duration": ${godotFloat(t)},\n"texture": SubResource("${subId(a.from + i)}")\n}`).join(', ');
    return `{\n"frames": [${frames}],\n"loop": ${input.loop},\n"name": &${godotString(a.name)},\n"speed": ${godotFloat(speed)}\n}`;
  });
  out.push('[resource]');
  out.push(`animations = [${entries.join(', ')}]`);
  return `${out.join('\n')}\n`;
}

/** speed (ticks a second) and each frame's duration in ticks, both whole: see the file comment. */
export function godotTiming(durationsMs: readonly number[]): { speed: number; ticks: number[] } {
  const g = durationsMs.reduce((acc, d) => gcd(acc, d), 1000);
  return { speed: 1000 / g, ticks: durationsMs.map((d) => d / g) };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Godot writes floats with a decimal point: 8 -> 8.0. */
function godotFloat(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** A quoted string in Godot's text resource syntax (backslash escapes, as its VariantParser reads them). */
function godotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

/** The sheet must sit beside (or below) the .tres: no scheme, no absolute path, no way up. */
function checkRelativePath(path: string): void {
  const bad = path.length === 0 || path.includes('://') || path.startsWith('/') || path.split('/').includes('..') || /["\\\n\r]/.test(path);
  if (bad) throw new RangeError(`Expected a relative file name for the sheet (like "sheet.png") but received ${JSON.stringify(path)}`);
}
