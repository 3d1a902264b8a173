// sheet.json: Aseprite's "hash" export format, which Phaser 3/4 loads with `load.aseprite` and
// plays with `anims.createFromAseprite`, and which Godot/Unity importers read. Frame keys MUST be
// "0".."N-1": createFromAseprite looks frames up by tag index, and with other names it silently
// makes animations with 0 frames. An animation's frames also carry TexturePacker's `pivot`, which
// Phaser's atlas parser reads: a sprite made from them stands on its ground point.
import { checkInt } from '../kernels/check.ts';
import type { FrameRect } from './sheet.ts';

/** A named run of frames, `from` to `to` inclusive: one animation (Aseprite's frame tag). */
export interface FrameTag {
  name: string;
  from: number;
  to: number;
}

/**
 * `tag` as tags over `count` frames: a name is one tag over them all. Names are non-empty and
 * unique (engines key animations by them), and the runs lie within the frames.
 */
export function frameTags(tag: string | readonly FrameTag[], count: number): FrameTag[] {
  const tags = typeof tag === 'string' ? [{ name: tag, from: 0, to: count - 1 }] : tag.map((t) => ({ ...t }));
  if (tags.length === 0) throw new RangeError('Expected at least one frame tag but received none');
  const names = new Set<string>();
  for (const t of tags) {
    if (t.name.length === 0) throw new RangeError('Expected a non-empty animation name but received ""');
    if (names.has(t.name)) throw new RangeError(`Expected unique animation names but received ${JSON.stringify(t.name)} twice`);
    names.add(t.name);
    checkInt(t.from, 0, count - 1, `first frame of ${JSON.stringify(t.name)}`);
    checkInt(t.to, t.from, count - 1, `last frame of ${JSON.stringify(t.name)}`);
  }
  return tags;
}

/** Version of this file's layout (not the app's): bump when fields change meaning. */
export const SHEET_JSON_VERSION = '1.0';

export interface AsepriteFrame {
  frame: { x: number; y: number; w: number; h: number };
  rotated: false;
  trimmed: false;
  spriteSourceSize: { x: 0; y: 0; w: number; h: number };
  sourceSize: { w: number; h: number };
  duration: number;
  /** The ground point as a share of the frame's size: Phaser sets a sprite's origin to it. */
  pivot?: { x: number; y: number };
}

export interface AsepriteSheet {
  frames: Record<string, AsepriteFrame>;
  meta: {
    app: 'spritekiln';
    version: string;
    image: string;
    format: 'RGBA8888';
    size: { w: number; h: number };
    scale: '1';
    frameTags: { name: string; from: number; to: number; direction: 'forward' }[];
    layers: [];
    slices: [];
    /** spritekiln's own additions (e.g. `plan`: how the text was read); engines ignore unknown keys. */
    [key: string]: unknown;
  };
}

export interface SheetJsonInput {
  rects: readonly FrameRect[];
  durationsMs: readonly number[];
  sheetWidth: number;
  sheetHeight: number;
  /** The name of one animation (tag) over all frames, e.g. "walk" or "effect"; or the animations. */
  tag: string | readonly FrameTag[];
  image?: string;
  /**
   * The subject's ground point in a frame's pixels, the same in every frame (an animation's): written
   * as `meta.pivot`, and as each frame's `pivot`.
   */
  pivot?: { x: number; y: number };
  /** Added to `meta` as is. */
  extraMeta?: Record<string, unknown>;
}

export function buildSheetJson(input: SheetJsonInput): AsepriteSheet {
  const { rects, durationsMs } = input;
  if (rects.length === 0 || rects.length !== durationsMs.length) {
    throw new RangeError(
      `Expected one duration per frame (${rects.length} frames) but received ${durationsMs.length}`,
    );
  }
  checkInt(input.sheetWidth, 1, 1 << 16, 'sheet width');
  checkInt(input.sheetHeight, 1, 1 << 16, 'sheet height');
  const { pivot } = input;
  const frames: Record<string, AsepriteFrame> = {};
  rects.forEach((r, i) => {
    frames[String(i)] = {
      frame: { x: r.x, y: r.y, w: r.w, h: r.h },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: r.w, h: r.h },
      sourceSize: { w: r.w, h: r.h },
      duration: durationsMs[i] ?? 0,
      ...(pivot ? { pivot: { x: share(pivot.x, r.w), y: share(pivot.y, r.h) } } : {}),
    };
  });
  return {
    frames,
    meta: {
      app: 'spritekiln',
      version: SHEET_JSON_VERSION,
      image: input.image ?? 'sheet.png',
      format: 'RGBA8888',
      size: { w: input.sheetWidth, h: input.sheetHeight },
      scale: '1',
      frameTags: frameTags(input.tag, rects.length).map((t) => ({ ...t, direction: 'forward' as const })),
      layers: [],
      slices: [],
      ...(pivot ? { pivot } : {}),
      ...input.extraMeta,
    },
  };
}

/** `value` as a share of `size`, to 6 places: a pixel's share of a 512 px frame is exact enough. */
function share(value: number, size: number): number {
  return Math.round((value / size) * 1e6) / 1e6;
}
