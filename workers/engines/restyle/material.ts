// Applying a restyle recipe to one frame whose subject is known: the luma ramp, then the
// material's finishes (grain that moves with the subject, a ghost's downward fade, a rim glow).
// On opaque sources only the subject changes; the flat background stays as it was.
import type { RawImage } from '../../types.ts';
import type { Rgba } from '../../kernels/image.ts';
import { mapLuminance } from '../../kernels/luminanceMap.ts';
import type { Levels, LumaTexture } from '../../kernels/luminanceMap.ts';
import { applyRim, rimLighter, rimWeights } from '../../kernels/edgeGlow.ts';
import type { Rim } from '../../kernels/edgeGlow.ts';
import { hash32 } from '../../kernels/random.ts';
import { adjustColors, invertColor } from '../../kernels/adjust.ts';
import type { Box, InsideRuns, RowSpans } from '../../kernels/track.ts';
import { modifyColor } from './plan.ts';
import type { RestyleRecipe } from './plan.ts';

export interface FrameSubject {
  /** Subject weight per pixel, only for opaque sources (transparent ones use their alpha). */
  weight?: Uint8Array;
  /** The flat background colour of an opaque source. */
  background?: Rgba;
  box: Box | null;
  /** Holds every pixel the restyle may change (null: the whole frame), so the work follows the subject's size. */
  extent: Box | null;
  /** Every pixel outside `extent` is see-through (a transparent source's frame). */
  clearOutside?: boolean;
  /** The rim-glow weights of this frame, worked out on first use (they depend on the silhouette only). */
  rim?: Rim;
  /** Restyled for several output frames (a flowing material): its rim is worked out once and kept. */
  shared?: boolean;
  /** The rows' runs of the silhouette, when tracking read them (a see-through source with a glow). */
  inside?: InsideRuns;
  /** Per row, the span holding its visible pixels, when tracking read them (a see-through source). */
  spans?: RowSpans;
}

export interface MaterialContext {
  recipe: RestyleRecipe;
  levels?: Levels;
  /** Grain (or flow) tile for the material, if it has one (made once per job). */
  grain?: Int8Array;
  grainSize: number;
  /** The subject's typical size (median box), so glows are as wide in every frame. */
  restSize: number;
}

/** A colour of the ramp at position t (0..1). */
function rampColor(ramp: Uint8Array, t: number): Rgba {
  const k = Math.round(Math.max(0, Math.min(1, t)) * 255) * 3;
  return { r: ramp[k]!, g: ramp[k + 1]!, b: ramp[k + 2]!, a: 255 };
}

/** Ghosts: alpha (or, on an opaque source, the mix toward the background) fades down the subject. */
function ghostRows(height: number, box: Box, alpha: { top: number; bottom: number }): Float32Array {
  const rows = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    const t = Math.max(0, Math.min(1, (y + 0.5 - box.y) / box.height));
    rows[y] = alpha.top + (alpha.bottom - alpha.top) * t ** 1.6;
  }
  return rows;
}

/**
 * `frame` restyled. `phase` (0..1, the output frame's place in the loop) moves a flowing
 * material's texture: up by whole tiles over the loop, or to a seeded spot each frame (flicker).
 * `inPlace`: the result is written into `frame` (its owner is done with it) where the luma ramp
 * does the work.
 */
export function applyMaterial(frame: RawImage, subject: FrameSubject, ctx: MaterialContext, phase = 0, inPlace = false): RawImage {
  const { recipe } = ctx;
  const material = recipe.material;
  if (material?.invert) return adjustColors(frame, invertColor, subject.weight);
  if (!recipe.ramp) {
    return recipe.plan.modifiers.length > 0 ? adjustColors(frame, (c) => modifyColor(c, recipe.plan.modifiers), subject.weight) : frame;
  }
  const { box, extent } = subject;
  let texture: LumaTexture | undefined;
  if (ctx.grain && box) {
    const size = ctx.grainSize;
    const flow = material?.flow;
    let dx = box.x, dy = box.y;
    if (flow?.flicker) {
      const jump = hash32(Math.round(phase * 1e6) ^ 0x2545f491);
      dx += jump % size;
      dy += (jump >>> 8) % size;
    } else if (flow) dy -= Math.round(phase * flow.cycles * size);
    texture = { data: ctx.grain, width: size, height: size, dx, dy };
  }
  const alphaRows = material?.alpha && box ? ghostRows(frame.height, box, material.alpha) : undefined;
  const glow = material?.glow && box ? { width: Math.max(1, material.glow.width * ctx.restSize), strength: material.glow.strength, color: rampColor(recipe.ramp, 0.93) } : undefined;
  // A rim used once is lit as it is found: its silhouette is read before the map (which may fade
  // the alpha it is found from, in place), its colours after. One used again is listed and kept.
  const light = glow && !subject.shared && !subject.rim ? rimLighter(frame, glow.width, glow.strength, subject.weight, extent ?? undefined, subject.inside) : undefined;
  const area = extent ? { x0: extent.x, y0: extent.y, x1: extent.x + extent.width, y1: extent.y + extent.height } : undefined;
  let out = mapLuminance(frame, {
    ramp: recipe.ramp,
    levels: material && !material.stretch ? undefined : ctx.levels,
    strength: recipe.strength,
    weight: subject.weight,
    alphaRows,
    fadeOver: subject.background,
    texture,
    area,
    clearOutside: subject.clearOutside === true && extent !== null,
    spans: subject.spans,
    inPlace,
  });
  if (light && glow) light(out, glow.color);
  else if (glow) {
    subject.rim ??= rimWeights(frame, glow.width, glow.strength, subject.weight, extent ?? undefined, subject.inside);
    out = applyRim(out, subject.rim, glow.color, true);
  }
  return out;
}
