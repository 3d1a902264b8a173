// sprite/reskin: a sprite given a new look from its description and, optionally, a style, fitted
// into the resolution's square on transparency. The description's material and colour words recolour
// the subject as a restyle does (a luma ramp: "golden armour" turns it gold); the style is applied
// for real, as the character overlay applies it: pixel (a small grid, a 16-colour palette, hard
// edges), cartoon (cel shading and a dark outline of its own hue), sd (chibi proportions: the head
// bigger, the body shorter), quater_view (a three-quarter skew, the far side shaded).
// A description with nothing it understands and no style fails, saying what it knows: a reskin
// never hands back the sprite unchanged or tinted at random.
import type { RawImage } from '../../types.ts';
import { crop, opaqueBounds } from '../../kernels/compose.ts';
import { copyInto } from '../../kernels/blit.ts';
import { createImage } from '../../kernels/image.ts';
import { imagePalette } from '../../kernels/quantize.ts';
import { fitWithin } from '../../kernels/resize.ts';
import type { ResizeMode } from '../../kernels/resize.ts';
import { chibi, outline, pixelFinish, posterize, quarterView } from '../../kernels/styles.ts';
import { MATERIALS } from '../materials.ts';
import { restyle } from '../restyle/restyle.ts';
import type { RestylePlan } from '../restyle/plan.ts';
import { upscale } from './upscale.ts';
import { subjectOf } from './subject.ts';

export type ReskinStyle = 'pixel' | 'cartoon' | 'sd' | 'quater_view';

export class ReskinError extends Error {}

export interface ReskinInput {
  image: RawImage;
  description: string;
  style?: ReskinStyle;
  /** The result's square side (1024, 2048, 4096). */
  side: number;
  seed: string;
}

export interface ReskinPlan {
  /** How the description was read (null: nothing understood, only the style applied). */
  look: Omit<RestylePlan, 'reference' | 'tint'> | null;
  style: ReskinStyle | null;
  /** Whether the sprite was treated as pixel art (scaled in whole blocks, never blurred). */
  pixelArt: boolean;
}

/** The pixel style's grid: the sprite redrawn at most this many art pixels tall or wide. */
const PIXEL_GRID = 64;

export async function reskin(input: ReskinInput): Promise<{ image: RawImage; plan: ReskinPlan }> {
  // Pixel art is judged on the picture as given (an opaque sheet's cut edge would soften it).
  const { pixel: pixelArt, sprite } = subjectOf(input.image, false);
  const cut = trimmed(sprite);
  const look = readLook(input.description, cut, input.seed);
  if (!look.plan && !input.style) {
    throw new ReskinError(`reskin understood no material or colour in "${input.description.trim().slice(0, 60)}"; it knows materials (${MATERIALS.map((m) => m.name).filter((n, i, all) => all.indexOf(n) === i).join(', ')}) and colour names`);
  }
  const style = input.style ?? null;
  const mode: ResizeMode = pixelArt || style === 'pixel' ? 'nearest' : 'smooth';
  let art = look.image;
  if (style === 'sd') art = chibi(art, mode);
  else if (style === 'quater_view') art = quarterView(art, mode);
  else if (style === 'pixel') art = pixelate(art);
  return { image: await fitSquare(art, input.side, style, mode === 'nearest'), plan: { look: look.plan, style, pixelArt } };
}

/** The cut-out cropped to what is visible (the square is filled by the subject, not its margins). */
function trimmed(img: RawImage): RawImage {
  const b = opaqueBounds(img);
  return b ? crop(img, b.x, b.y, b.width, b.height) : img;
}

/** The description's material and colours applied (a one-frame restyle), or the cut-out as it was. */
function readLook(description: string, cut: RawImage, seed: string): { image: RawImage; plan: ReskinPlan['look'] } {
  const r = restyle({ source: { frames: [cut], delaysMs: [100] }, frames: 1, text: description, seed });
  const { material, colors, modifiers } = r.plan;
  if (!material && colors.length === 0 && modifiers.length === 0) return { image: cut, plan: null };
  return { image: r.frames[0]!, plan: { material, colors, modifiers } };
}

/** Pixel style: redrawn on a grid of at most 64 art pixels, in 16 of its own colours, hard edges. */
function pixelate(img: RawImage): RawImage {
  const small = fitWithin(img, PIXEL_GRID, PIXEL_GRID, 'smooth');
  return pixelFinish(small, imagePalette(small, 16));
}

/**
 * The art fitted into a `side` square on transparency, centred: pixel art (`blocks`) in blocks of
 * its own colours, anything else smoothly (a cartoon's outline kept crisp). Cartoon shading and its outline
 * are drawn at the final size, so the line is a few pixels wide whatever the resolution.
 */
async function fitSquare(art: RawImage, side: number, style: ReskinStyle | null, blocks: boolean): Promise<RawImage> {
  const ink = style === 'cartoon' ? Math.max(2, Math.round(side / 256)) : 0;
  const inner = side - 2 * (ink + 1);
  let fitted = (await upscale(art, inner, blocks)).image;
  if (style === 'cartoon') fitted = outline(posterize(fitted), ink);
  const square = createImage(side, side);
  return copyInto(square, fitted, Math.floor((side - fitted.width) / 2), Math.floor((side - fitted.height) / 2));
}
