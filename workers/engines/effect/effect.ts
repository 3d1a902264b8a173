// The effect engine (generate/effect v1 and v2). The description is read into a plan (family and
// colours, style.ts); the family draws each frame on a float layer, on transparency; the
// frames are laid out on a square sheet of the requested side (docs/contract.md §3). That transparent
// sheet is one result; the opaque one is the same pixels flattened onto the background in the
// same pass, so the two agree exactly and the transparent one has no background fringe to key out.
import type { RawImage } from '../../types.ts';
import { checkInt, checkNumber } from '../../kernels/check.ts';
import { createImage } from '../../kernels/image.ts';
import type { Rgba } from '../../kernels/image.ts';
import { sheetGrid } from '../../output/sheet.ts';
import type { FrameRect, Sheet } from '../../output/sheet.ts';
import { clearLayer, createLayer, fadeEdges, writeLayer } from './layer.ts';
import type { Layer } from './layer.ts';
import { planEffect } from './style.ts';
import type { EffectPlan } from './style.ts';
import { FAMILIES } from './kinds/index.ts';

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
  /** Opaque on the background. */
  sheet: Sheet;
  /** The same frames on transparency (same grid and rects). */
  transparent: Sheet;
  tag: string;
  plan: EffectPlan;
}

/**
 * Frames are drawn at most this many pixels wide and scaled up to larger cells (4K sheets have
 * 1024 px cells): effects are soft light, and 4x fewer pixels keep a 4K job near a second.
 */
export const WORK_SIDE = 512;

/** Up to 121 frames: the most any sheet job makes (effects ask 4 to 16; benchmarks ask 100). */
const MAX_FRAMES = 121;

/**
 * When frame i of n is drawn. A loop samples phases 0, 1/n, ... so frame n would be frame 0; a
 * one-shot samples the middle of each of n equal slices, so it neither starts at nothing nor ends
 * at nothing.
 */
export function frameTimes(frames: number, oneShot: boolean): number[] {
  return Array.from({ length: frames }, (_, i) => (oneShot ? (i + 0.5) / frames : i / frames));
}

/** The frames at times `times` (transparent cells of `cell` px), for the sheet and for tests. */
export function drawEffectCells(plan: EffectPlan, times: readonly number[], frames: number, cell: number, seed: string): RawImage[] {
  checkInt(cell, 1, 8192, 'cell size');
  const out: RawImage[] = [];
  drawEach(plan, times, frames, cell, seed, (layer) => {
    const img = createImage(cell, cell);
    writeLayer(layer, img, 0, 0, cell, cell);
    out.push(img);
  });
  return out;
}

function drawEach(plan: EffectPlan, times: readonly number[], frames: number, cell: number, seed: string, take: (layer: Layer, i: number) => void): void {
  const draw = FAMILIES[plan.effect].create({ seed, palette: plan.palette, frames });
  const side = Math.min(cell, WORK_SIDE);
  const layer = createLayer(side, side);
  // Nothing touches a cell's edge: 3% of the cell fades out (see fadeEdges).
  const edge = Math.max(1, Math.round(side * 0.03));
  times.forEach((t, i) => {
    checkNumber(t, -1, 2, 'time');
    clearLayer(layer);
    draw(layer, t);
    fadeEdges(layer, edge);
    take(layer, i);
  });
}

export function effect(input: EffectInput, onProgress?: (fraction: number) => void): EffectResult {
  checkInt(input.frames, 1, MAX_FRAMES, 'frames');
  checkInt(input.size, 16, 8192, 'size');
  const grid = sheetGrid(input.frames);
  const cell = Math.floor(input.size / grid.columns);
  const plan = planEffect(input.description, input.reference, input.background);
  // The sheet's side may not divide by the columns (1024 / 3): the remainder stays empty.
  const image = createImage(input.size, input.size);
  const flat = { image: createImage(input.size, input.size, input.background), background: input.background };
  const rects: FrameRect[] = [];
  drawEach(plan, frameTimes(input.frames, plan.oneShot), input.frames, cell, input.seed, (layer, i) => {
    const rect = { x: (i % grid.columns) * cell, y: Math.floor(i / grid.columns) * cell, w: cell, h: cell };
    writeLayer(layer, image, rect.x, rect.y, cell, cell, flat);
    rects.push(rect);
    onProgress?.((i + 1) / input.frames);
  });
  const transparent: Sheet = { image, grid, rects };
  const sheet: Sheet = { image: flat.image, grid, rects: rects.map((r) => ({ ...r })) };
  return { sheet, transparent, tag: plan.effect, plan };
}
