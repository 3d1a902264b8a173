// The finish task: pictures a provider returned (an upstream that is the hosted original: a sheet PNG
// and a GIF, a GIF and frame PNGs, or effect result images, under the remote's own names and with no
// sheet.json) made into the file set the built-in engine writes for the same spec (docs/contract.md §3):
//   - animations (AnimateSpec, RestyleSpec): the frames are taken from the remote's frame PNGs (two
//     or more stills), else its GIF, else its sheet cut with the ceil(sqrt(N)) grid; fitted to the
//     512 px frame cap; resampled in time to the spec's frame count when the remote made another;
//     with is_pixel locked to the start/end images' palette with binary alpha; then written by the
//     engine's own writeAnimation: sheet.png, anim.gif (+ frame_NNN.png), sheet.json,
//     sprite_frames.tres, pack.json;
//   - effects: the first result image becomes sheet.png (its bytes kept when it is a PNG), a second
//     one sheet_transparent.png, and sheet.json, sprite_frames.tres and pack.json are written over it
//     with the spec's grid.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnimateSpec, EffectSpec, JobSpec, RenderOutput, RestyleSpec } from './specs.ts';
import type { Animation, ImageFormat, RawImage, TaskResult } from './types.ts';
import { decodeAnimationFile, decodeStill, decodeStillFile, sliceSheet } from './codecs/decode.ts';
import { detectFormat } from './codecs/detect.ts';
import { encodePng } from './codecs/encode.ts';
import { sheetGrid, type FrameRect, type Sheet } from './output/sheet.ts';
import { frameDelaysCs } from './kernels/timing.ts';
import { extractPalette, mapToPalette, type PackedColor } from './kernels/palette.ts';
import { fitWithin, resizeTo, type ResizeMode } from './kernels/resize.ts';
import { parseHexColor } from './kernels/image.ts';
import { MAX_FRAME_SIDE } from './limits.ts';
import { prepareFrames } from './engines/animate/animate.ts';
import { readMotionPlan, planTag } from './engines/animate/plan.ts';
import { resampleIndices } from './engines/restyle/restyle.ts';
import { planEffect } from './engines/effect/style.ts';
import { SHEET_JSON, SHEET_PNG, sheetFiles, writeAnimation } from './render.ts';

export interface FinishRequest {
  /** The job's spec (input paths absolute). */
  spec: JobSpec;
  /** The files the provider returned, absolute paths, in its image_urls order. */
  inputs: string[];
  /** Where the result files go, under the local engine's names. */
  outDir: string;
  /** The job's seed (pack.json's key), as the local engine uses it. */
  seed: string;
  /** Where the pictures came from, written to sheet.json as meta.source. */
  source?: Record<string, unknown>;
}

/** The second effect result, as the engine names it; any further ones are kept as result_N.png. */
const SHEET_TRANSPARENT_PNG = 'sheet_transparent.png';

/**
 * Pixel art with more colours than this is not pixel art: the lock is skipped (binary alpha stays).
 * Far below kernels/palette's MAX_PALETTE: the nearest-colour search is O(palette) per new colour.
 */
const MAX_LOCK_COLORS = 4096;

interface Received {
  path: string;
  format: ImageFormat;
  bytes: Uint8Array;
}

export async function finish(req: FinishRequest): Promise<TaskResult<RenderOutput>> {
  try {
    const received = await Promise.all(req.inputs.map(async (path): Promise<Received> => {
      const bytes = await readFile(path);
      const format = detectFormat(bytes);
      if (!format) throw new Error(`a result file is not a PNG, JPEG, WebP or GIF image`);
      return { path, format, bytes };
    }));
    const { spec } = req;
    switch (spec.kind) {
      case 'animate':
      case 'restyle':
        return { ok: true, value: await finishAnimation(spec, received, req) };
      case 'effect':
        return { ok: true, value: await finishEffect(spec, received, req) };
      default:
        return { ok: false, code: 'invalid', message: `nothing to finish for a ${spec.kind} job` };
    }
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ok: false, code: 'invalid', message: `the returned pictures could not be used (${text.split('\n', 1)[0]?.slice(0, 160)})` };
  }
}

async function finishAnimation(spec: AnimateSpec | RestyleSpec, received: Received[], req: FinishRequest): Promise<RenderOutput> {
  const mode: ResizeMode = spec.kind === 'animate' && spec.isPixel ? 'nearest' : 'smooth';
  const source = await remoteFrames(received, spec.frames, mode, spec.kind === 'animate' && spec.layout === 'gif+frames');
  const picks = source.frames.length === spec.frames
    ? source.frames.map((_, i) => i)
    : resampleIndices(source.delaysMs, spec.frames);
  let frames = picks.map((k) => source.frames[k] as RawImage);
  let paletteLock: boolean | undefined;
  if (spec.kind === 'animate' && spec.isPixel) ({ frames, locked: paletteLock } = await lockPixelArt(spec, frames));
  const tag = spec.kind === 'animate' ? planTag(readMotionPlan(spec.text, spec.promptEnhancement, spec.frames)) : 'restyle';
  const layout = spec.kind === 'animate' ? spec.layout : 'sheet+gif';
  // sheet.json says where the frames came from (engines ignore unknown meta keys).
  const meta = { source: { ...req.source, from: source.from, frames: source.frames.length, ...(paletteLock === undefined ? {} : { paletteLock }) } };
  return writeAnimation(frames, tag, layout, { outDir: req.outDir, seed: req.seed }, { meta });
}

/**
 * The remote's frames, all one size within the frame cap: for make-sprite (`framePngs`) two or
 * more stills are the frames (its frame PNGs, lossless); else the GIF; else the first still is a
 * sheet of `count` frames in the ceil(sqrt(count)) grid. A GIF that cannot be decoded here (over
 * 120 frames, the upload limit) falls back to the stills.
 */
async function remoteFrames(received: Received[], count: number, mode: ResizeMode, framePngs: boolean): Promise<Animation & { from: 'frames' | 'gif' | 'sheet' }> {
  const fit = (f: RawImage): RawImage => fitWithin(f, MAX_FRAME_SIDE, MAX_FRAME_SIDE, mode);
  const gif = received.find((r) => r.format === 'gif');
  const stills = received.filter((r) => r.format !== 'gif');
  if (framePngs && stills.length >= 2) {
    const images = await Promise.all(stills.map((s) => decodeStill(s.bytes, s.format)));
    const first = fit(images[0] as RawImage);
    const frames = images.map((img, i) => (i === 0 ? first : sameSize(fit(img), first.width, first.height, mode)));
    return { frames, delaysMs: frames.map(() => 1), from: 'frames' };
  }
  let gifError: unknown;
  if (gif) {
    try {
      const anim = await decodeAnimationFile(gif.path, undefined, fit);
      if (anim.frames.length > 0) return { ...anim, from: 'gif' };
    } catch (err) {
      gifError = err;
    }
  }
  const sheet = stills[0];
  if (!sheet) throw gifError ?? new Error('no sheet, GIF or frame images were returned');
  const image = await decodeStill(sheet.bytes, sheet.format);
  const cut = sliceSheet(image, sheetGrid(count));
  const frames = cut.frames.slice(0, count).map(fit);
  return { frames, delaysMs: frames.map(() => 1), from: 'sheet' };
}

function sameSize(img: RawImage, width: number, height: number, mode: ResizeMode): RawImage {
  return img.width === width && img.height === height ? img : resizeTo(img, width, height, mode);
}

/**
 * Pixel art's rule (docs/contract.md §3): binary alpha (alpha < 128 is transparent, the rest opaque) and no
 * colour outside the start/end images' palette (plus transparency): each visible pixel becomes the
 * nearest opaque palette colour (kernels/palette.ts).
 */
async function lockPixelArt(spec: AnimateSpec, frames: RawImage[]): Promise<{ frames: RawImage[]; locked: boolean }> {
  const [start, end] = await Promise.all([
    decodeStillFile(spec.start.path),
    spec.end ? decodeStillFile(spec.end.path) : Promise.resolve(undefined),
  ]);
  const prepared = prepareFrames(start, end, 'nearest');
  const palette = extractPalette(prepared.end ? [prepared.start, prepared.end] : [prepared.start], MAX_LOCK_COLORS);
  const target = palette ? lockPalette(palette) : null;
  // Inputs with more colours than a palette (or none visible): binary alpha only, as the engine does.
  const locked = frames.map((f) => {
    const binary = binaryAlpha(f);
    return target ? mapToPalette(binary, target) : binary;
  });
  return { frames: locked, locked: target !== null };
}

/** The colours a visible pixel may take (the inputs' opaque colours), and transparency; null when there are none. */
function lockPalette(palette: readonly PackedColor[]): PackedColor[] | null {
  const opaque = palette.filter((c) => (c & 255) === 255);
  // Inputs without one opaque colour (soft-edged all through): their visible colours, as they are.
  const visible = opaque.length > 0 ? opaque : palette.filter((c) => (c & 255) !== 0);
  return visible.length > 0 ? [0, ...visible] : null;
}

function binaryAlpha(img: RawImage): RawImage {
  const d = new Uint8Array(img.data);
  for (let i = 0; i < d.length; i += 4) {
    if ((d[i + 3] ?? 0) < 128) d.fill(0, i, i + 4);
    else d[i + 3] = 255;
  }
  return { data: d, width: img.width, height: img.height };
}

async function finishEffect(spec: EffectSpec, received: Received[], req: FinishRequest): Promise<RenderOutput> {
  const stills = received.filter((r) => r.format !== 'gif');
  const first = stills[0];
  if (!first) throw new Error('no sheet image was returned');
  const image = await decodeStill(first.bytes, first.format);
  const grid = sheetGrid(spec.frames);
  const cellW = Math.floor(image.width / grid.columns);
  const cellH = Math.floor(image.height / grid.rows);
  if (cellW === 0 || cellH === 0) throw new Error(`a ${image.width}x${image.height} sheet is too small for ${grid.columns}x${grid.rows} frames`);
  const rects: FrameRect[] = Array.from({ length: spec.frames }, (_, i) => ({
    x: (i % grid.columns) * cellW, y: Math.floor(i / grid.columns) * cellH, w: cellW, h: cellH,
  }));
  const sheet: Sheet = { image, grid, rects };
  // The animation's name and whether it loops, read from the description as the engine reads it.
  const plan = planEffect(spec.description, undefined, parseHexColor(spec.background));
  const delaysCs = frameDelaysCs(spec.frames);
  const names = [SHEET_PNG, SHEET_TRANSPARENT_PNG];
  const files: string[] = [];
  for (const [i, r] of stills.entries()) {
    const name = names[i] ?? `result_${i}.png`;
    if (r.format === 'png') await copyFile(r.path, join(req.outDir, name));
    else await writeFile(join(req.outDir, name), await encodePng(await decodeStill(r.bytes, r.format)));
    files.push(name);
  }
  const meta = { plan: { effect: plan.effect, oneShot: plan.oneShot, fromText: plan.fromText }, source: { ...req.source, from: 'sheet' } };
  await Promise.all(sheetFiles(sheet, delaysCs, plan.effect, { outDir: req.outDir, seed: req.seed }, { loop: !plan.oneShot, extraMeta: meta })
    .map(([name, text]) => writeFile(join(req.outDir, name), text)));
  return { files, metadata: SHEET_JSON };
}
