// The render task: one job spec in, result files in req.outDir out, named in image_urls order
// (docs/contract.md §3). Decoding and encoding happen here; the engines in between are pure.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RawImage, TaskResult } from './types.ts';
import type {
  AnimateSpec, AnimationLayout, EffectSpec, ImageSpec, OverlaySpec, RenderOutput, RenderRequest, InpaintSpec, ReskinSpec, RestyleSpec, SplitLayerSpec, UpscaleSpec,
} from './specs.ts';
import { decodeAnimationFile, decodeStillFile } from './codecs/decode.ts';
import { encodeGif, encodePng } from './codecs/encode.ts';
import { assembleSheet, releaseSheet } from './output/sheet.ts';
import type { Sheet } from './output/sheet.ts';
import { frameDelaysCs } from './kernels/timing.ts';
import { buildSheetJson, type FrameTag } from './output/aseprite.ts';
import { godotSpriteFrames } from './output/godotSpriteFrames.ts';
import { phaserPack } from './output/phaserPack.ts';
import { parseHexColor } from './kernels/image.ts';
import { fitWithin } from './kernels/resize.ts';
import { MAX_FRAME_SIDE } from './limits.ts';
import { animate } from './engines/animate/animate.ts';
import { restyle } from './engines/restyle/restyle.ts';
import { effect } from './engines/effect/effect.ts';
import { overlay } from './engines/overlay/overlay.ts';
import { generateImage } from './engines/image/image.ts';
import { upscale } from './engines/tune/upscale.ts';
import { splitLayer } from './engines/tune/splitLayer.ts';
import { reskin } from './engines/tune/reskin.ts';
import { inpaint } from './engines/tune/inpaint.ts';

export const SHEET_PNG = 'sheet.png';
export const SHEET_JSON = 'sheet.json';
export const ANIM_GIF = 'anim.gif';
export const IMAGE_PNG = 'image.png';

/** frame_000.png ...: three digits hold every frame count we make (at most 169). */
export const framePngName = (i: number): string => `frame_${String(i).padStart(3, '0')}.png`;

/** Reports progress in [from, to] (fractions of the job) into the shared Int32 cell, in thousandths. */
type Progress = (fraction: number) => void;

/** What writing files needs of a request: where they go, the seed (pack.json's key), the progress cell. */
export type OutputTarget = Pick<RenderRequest, 'outDir' | 'seed' | 'progress'>;

function progressRange(req: OutputTarget, from: number, to: number): Progress {
  const cell = req.progress;
  if (!cell) return () => {};
  return (f) => Atomics.store(cell, 0, Math.round((from + (to - from) * Math.min(1, Math.max(0, f))) * 1000));
}

export async function render(req: RenderRequest): Promise<TaskResult<RenderOutput>> {
  try {
    const value = await dispatch(req);
    progressRange(req, 1, 1)(1);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, code: 'render_failed', message: shortMessage(err) };
  }
}

function dispatch(req: RenderRequest): Promise<RenderOutput> {
  const { spec } = req;
  switch (spec.kind) {
    case 'animate': return renderAnimate(spec, req);
    case 'restyle': return renderRestyle(spec, req);
    case 'effect': return renderEffect(spec, req);
    case 'overlay': return renderOverlay(spec, req);
    case 'image': return renderImage(spec, req);
    case 'upscale': return renderUpscale(spec, req);
    case 'split-layer': return renderSplitLayer(spec, req);
    case 'reskin': return renderReskin(spec, req);
    case 'inpaint': return renderInpaint(spec, req);
  }
}

async function renderAnimate(spec: AnimateSpec, req: RenderRequest): Promise<RenderOutput> {
  const [start, end] = await Promise.all([
    decodeStillFile(spec.start.path),
    spec.end ? decodeStillFile(spec.end.path) : Promise.resolve(undefined),
  ]);
  progressRange(req, 0, 0.1)(1);
  const { frames, tag, plan, pivot, rig } = animate(
    {
      start, end, text: spec.text, frames: spec.frames, isPixel: spec.isPixel,
      promptEnhancement: spec.promptEnhancement, seed: req.seed,
    },
    progressRange(req, 0.1, 0.5),
  );
  // sheet.json: how the text was read (plan), the ground point engines place the sprite by (pivot,
  // canvas pixels, the same in every frame) and the rig that was found (bones as joint -> end).
  return writeAnimation(frames, tag, spec.layout, req, { meta: { plan, ...(rig ? { rig } : {}) }, pivot });
}

async function renderRestyle(spec: RestyleSpec, req: RenderRequest): Promise<RenderOutput> {
  const [source, reference] = await Promise.all([
    decodeAnimationFile(spec.source.path, spec.grid, (frame) => fitWithin(frame, MAX_FRAME_SIDE, MAX_FRAME_SIDE, 'smooth')),
    spec.reference ? decodeStillFile(spec.reference.path) : Promise.resolve(undefined),
  ]);
  progressRange(req, 0, 0.1)(1);
  const { frames, delaysCs, tag, plan, timing } = restyle(
    { source, frames: spec.frames, text: spec.text, reference, seed: req.seed, consume: true },
    progressRange(req, 0.1, 0.5),
  );
  // How the text was read (material, colours, whether a reference replaced the subject), and how
  // the source was retimed: it plays at its own speed, not at 12 frames a second.
  return writeAnimation(frames, tag, 'sheet+gif', req, { meta: { plan, timing }, delaysCs });
}

export interface AnimationExtras {
  /** Added to sheet.json's `meta`. */
  meta?: Record<string, unknown>;
  /** Each frame's GIF delay; 12 frames a second by default. */
  delaysCs?: readonly number[];
  /** The subject's ground point, the same in every frame (buildSheetJson). */
  pivot?: { x: number; y: number };
}

/**
 * sheet.png + sheet.json + anim.gif, and for 'gif+frames' every frame as its own PNG. The PNGs are
 * encoded by libvips on the thread pool while the GIF is encoded on this thread. Frames play at 12
 * a second unless `delaysCs` gives each one's delay (restyle keeps its source's speed); the GIF,
 * sheet.json's durations and the Godot export all take the same delays.
 */
export async function writeAnimation(frames: RawImage[], tag: string, layout: AnimationLayout, req: OutputTarget, extra: AnimationExtras = {}): Promise<RenderOutput> {
  const { meta: extraMeta, delaysCs = frameDelaysCs(frames.length), pivot } = extra;
  if (delaysCs.length !== frames.length) throw new RangeError(`Expected ${frames.length} delays for frames but received ${delaysCs.length}`);
  const sheet = assembleSheet(frames);
  const pngs = Promise.all([
    encodePng(sheet.image),
    ...(layout === 'gif+frames' ? frames.map((f) => encodePng(f)) : []),
  ]);
  pngs.catch(() => {}); // awaited below; keep an early rejection from being reported as unhandled
  const gif = encodeGif(frames, delaysCs);
  progressRange(req, 0.5, 0.95)(0.5);
  const [sheetPng, ...framePngs] = await pngs;
  releaseSheet(sheet);
  const files: [string, Uint8Array | string][] = [
    [SHEET_PNG, sheetPng as Uint8Array],
    [ANIM_GIF, gif],
    ...sheetFiles(sheet, delaysCs, tag, req, { loop: true, extraMeta, pivot }),
    ...framePngs.map((png, i): [string, Uint8Array] => [framePngName(i), png]),
  ];
  await Promise.all(files.map(([name, bytes]) => writeFile(join(req.outDir, name), bytes)));
  const names = layout === 'gif+frames' ? [ANIM_GIF, ...frames.map((_, i) => framePngName(i))] : [SHEET_PNG, ANIM_GIF];
  return { files: names, metadata: SHEET_JSON };
}

export const SPRITE_FRAMES_TRES = 'sprite_frames.tres';
export const PACK_JSON = 'pack.json';

/**
 * sheet.json (Aseprite-style, for Phaser and importers) and the engine-ready exports beside it:
 * sprite_frames.tres (a Godot 4 SpriteFrames over sheet.png) and pack.json (a Phaser asset pack),
 * listed in sheet.json's `meta.exports` so a client finds them from metadata_url alone.
 */
export function sheetFiles(sheet: Pick<Sheet, 'image' | 'rects'>, delaysCs: readonly number[], tag: string | readonly FrameTag[], req: OutputTarget, options: { loop: boolean; extraMeta?: Record<string, unknown>; pivot?: { x: number; y: number } }): [string, string][] {
  const durationsMs = delaysCs.map((cs) => cs * 10);
  const exports = { godot: SPRITE_FRAMES_TRES, phaser: PACK_JSON };
  const json = buildSheetJson({
    rects: sheet.rects,
    durationsMs,
    sheetWidth: sheet.image.width,
    sheetHeight: sheet.image.height,
    tag,
    image: SHEET_PNG,
    pivot: options.pivot,
    extraMeta: { ...options.extraMeta, exports },
  });
  const tres = godotSpriteFrames({ sheet: SHEET_PNG, width: sheet.image.width, height: sheet.image.height, rects: sheet.rects, durationsMs, animation: tag, loop: options.loop });
  // Keyed by the inputs' digest: different sprites never collide in a game's caches, and the same
  // inputs still give the same bytes.
  const pack = phaserPack({ key: `spritekiln-${req.seed.slice(0, 16)}`, sheet: SHEET_PNG, json: SHEET_JSON });
  return [
    [SHEET_JSON, `${JSON.stringify(json, null, 2)}\n`],
    [SPRITE_FRAMES_TRES, tres],
    [PACK_JSON, `${JSON.stringify(pack, null, 2)}\n`],
  ];
}

async function renderEffect(spec: EffectSpec, req: RenderRequest): Promise<RenderOutput> {
  // Second in image_urls: the same sheet on transparency, drawn before flattening (no keying fringe).
  const SHEET_TRANSPARENT_PNG = 'sheet_transparent.png';
  const reference = spec.reference ? await decodeStillFile(spec.reference.path) : undefined;
  const { sheet, transparent, tag, plan } = effect(
    {
      description: spec.description, frames: spec.frames, size: spec.size,
      background: parseHexColor(spec.background), reference, seed: req.seed,
    },
    progressRange(req, 0.05, 0.6),
  );
  // Both PNGs encode on libvips threads at once.
  const [png, transparentPng] = await Promise.all([encodePng(sheet.image), encodePng(transparent.image)]);
  progressRange(req, 0.6, 0.95)(1);
  const delaysCs = frameDelaysCs(spec.frames);
  const meta = { plan: { effect: plan.effect, colors: plan.colors, oneShot: plan.oneShot, fromText: plan.fromText, colorSource: plan.colorSource } };
  await Promise.all([
    writeFile(join(req.outDir, SHEET_PNG), png),
    writeFile(join(req.outDir, SHEET_TRANSPARENT_PNG), transparentPng),
    ...sheetFiles(sheet, delaysCs, tag, req, { loop: !plan.oneShot, extraMeta: meta }).map(([name, text]) => writeFile(join(req.outDir, name), text)),
  ]);
  return { files: [SHEET_PNG, SHEET_TRANSPARENT_PNG], metadata: SHEET_JSON };
}

/**
 * sheet.png, and when a named row was drawn, sheet.json and the engine exports beside it: one
 * animation per drawn row, named by its title (the frames are its cells that hold the character),
 * so an engine plays the new rows as they are.
 */
async function renderOverlay(spec: OverlaySpec, req: RenderRequest): Promise<RenderOutput> {
  const [sheet, ...characters] = await Promise.all([spec.sheet, ...spec.characters].map((f) => decodeStillFile(f.path)));
  progressRange(req, 0, 0.2)(1);
  const { image, rows } = overlay(
    { sheet: sheet as RawImage, characters, rows: spec.rows, style: spec.style, output: spec.output },
    progressRange(req, 0.2, 0.6),
  );
  const png = encodePng(image);
  png.catch(() => {}); // awaited below; keep an early rejection from being reported as unhandled
  const animated = rows.filter((r) => r.cells.length > 0);
  if (animated.length === 0) {
    await writeFile(join(req.outDir, SHEET_PNG), await png);
    return { files: [SHEET_PNG] };
  }
  const names = new Set<string>();
  const tags: FrameTag[] = [];
  let at = 0;
  for (const r of animated) {
    // Engines key animations by name: an empty or repeated title takes the row's number.
    const title = r.title.trim();
    let name = title && !names.has(title) ? title : `row ${r.row}`;
    for (let n = 2; names.has(name); n++) name = `row ${r.row} (${n})`;
    names.add(name);
    tags.push({ name, from: at, to: at + r.cells.length - 1 });
    at += r.cells.length;
  }
  const delaysCs = animated.flatMap((r) => frameDelaysCs(r.cells.length));
  const files = sheetFiles({ image, rects: animated.flatMap((r) => r.cells) }, delaysCs, tags, req, { loop: true });
  await Promise.all([writeFile(join(req.outDir, SHEET_PNG), await png), ...files.map(([name, text]) => writeFile(join(req.outDir, name), text))]);
  return { files: [SHEET_PNG], metadata: SHEET_JSON };
}

/**
 * image.png, and beside it (not in image_urls) image.json: how the prompt was read and what was drawn.
 * The engine's seed leaves out the prompt (req.seed hashes it whole): the engine mixes in the
 * prompt's shape words itself, so "red potion" and "blue potion" come out as one bottle in two
 * colours, while the model and the reference images still vary the result.
 */
async function renderImage(spec: ImageSpec, req: RenderRequest): Promise<RenderOutput> {
  const refs = await Promise.all(spec.refs.map((f) => decodeStillFile(f.path)));
  progressRange(req, 0, 0.2)(1);
  const seed = `image\u0000${spec.model}\u0000${spec.refs.map((f) => f.info.digest).join(',')}`;
  const { image, plan } = generateImage({ prompt: spec.prompt, refs, seed });
  progressRange(req, 0.2, 0.8)(1);
  return writeImage(image, { prompt: spec.prompt, model: spec.model, ...plan }, req);
}

/** image.png, and beside it (not in image_urls) image.json: how it was scaled (pixel art or smooth) and the sizes. */
async function renderUpscale(spec: UpscaleSpec, req: RenderRequest): Promise<RenderOutput> {
  const image = await decodeStillFile(spec.image.path);
  progressRange(req, 0, 0.2)(1);
  const { image: out, plan } = await upscale(image, spec.side);
  return writeImage(out, plan, req);
}

/** image.png (the square), and image.json beside it: how the description was read, the style, pixel art or not. */
async function renderReskin(spec: ReskinSpec, req: RenderRequest): Promise<RenderOutput> {
  const image = await decodeStillFile(spec.image.path);
  progressRange(req, 0, 0.2)(1);
  const { image: out, plan } = await reskin({ image, description: spec.description, style: spec.style, side: spec.side, seed: req.seed });
  progressRange(req, 0.2, 0.8)(1);
  return writeImage(out, { description: spec.description, ...plan }, req);
}

/** image.png, and image.json beside it: which edit the prompt was read as. */
async function renderInpaint(spec: InpaintSpec, req: RenderRequest): Promise<RenderOutput> {
  const image = await decodeStillFile(spec.image.path);
  progressRange(req, 0, 0.2)(1);
  const { image: out, plan } = inpaint(image, spec.prompt, spec.quality === 'pro' ? 600 : 200, req.seed);
  progressRange(req, 0.2, 0.8)(1);
  return writeImage(out, { prompt: spec.prompt, ...plan }, req);
}

/** layer.png then rest.png (image_urls order), and layer.json: what the keyword took and what else was found. */
async function renderSplitLayer(spec: SplitLayerSpec, req: RenderRequest): Promise<RenderOutput> {
  const image = await decodeStillFile(spec.image.path);
  progressRange(req, 0, 0.2)(1);
  const { layer, rest, plan } = splitLayer(image, spec.keyword);
  const [layerPng, restPng] = await Promise.all([encodePng(layer), encodePng(rest)]);
  await Promise.all([
    writeFile(join(req.outDir, 'layer.png'), layerPng),
    writeFile(join(req.outDir, 'rest.png'), restPng),
    writeFile(join(req.outDir, 'layer.json'), `${JSON.stringify(plan, null, 2)}\n`),
  ]);
  return { files: ['layer.png', 'rest.png'] };
}

/** A one-picture result: image.png (the one image_urls entry) and, beside it, image.json saying how it was made. */
async function writeImage(image: RawImage, plan: object, req: OutputTarget): Promise<RenderOutput> {
  await Promise.all([
    encodePng(image).then((png) => writeFile(join(req.outDir, IMAGE_PNG), png)),
    writeFile(join(req.outDir, 'image.json'), `${JSON.stringify(plan, null, 2)}\n`),
  ]);
  return { files: [IMAGE_PNG] };
}

/** The error's first line, bounded: a job's `error` is shown to API users, never a stack. */
function shortMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line || 'render failed';
}
