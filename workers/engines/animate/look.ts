// The colour side of a pose: glow, hurt flash, shading, and the halo behind a glowing subject.
// Smooth art is tinted (kernels/tint.ts). Pixel art stays inside its palette: it steps along the
// palette's own ramps and dithers (kernels/ramp.ts), its hit flash is the palette's lightest colour
// and its halo a one-pixel ring of the palette colour nearest the glow colour.
// Everything works on a cutout of the subject (its box plus a margin for the halo), so per-frame
// recolouring costs the subject's area, not the frame's; recoloured cutouts are cached by amount.
import type { RawImage } from '../../types.ts';
import { createImage } from '../../kernels/image.ts';
import type { Rgba } from '../../kernels/image.ts';
import type { PackedColor } from '../../kernels/palette.ts';
import type { Box } from '../../kernels/subject.ts';
import { buildRamp, ditherToward, nearestOpaque, shiftByRamp } from '../../kernels/ramp.ts';
import { haloOf, ringOf, shadeImage, tintImage } from '../../kernels/tint.ts';
import { ditherUnder } from '../../kernels/dither.ts';
import { copyInto } from '../../kernels/blit.ts';

/** Hurt tint of smooth art: a hot red, strong enough to read at 12 fps. */
const FLASH: Rgba = { r: 255, g: 72, b: 64, a: 255 };
// A full glow shows its halo at this opacity: pixel art's ring here, painted art's soft halo where
// the frame is drawn.
export const HALO = 0.85;
// Steps of 1/STEPS: amounts closer than that look the same and share one recoloured cutout.
const STEPS = 24;

/** How a frame colours the subject: glow 0..1, hurt flash 0..1, shade -1..1 (darker .. lighter). */
export interface Tint {
  glow: number;
  flash: number;
  shade: number;
}

export interface Look {
  /** Where the cutout's origin lies in the start image. */
  ox: number;
  oy: number;
  /** The subject's cutout recoloured for `tint`, glowing toward `glow`. */
  sprite(tint: Tint, glow: Rgba): RawImage;
  /** The soft halo drawn behind glowing smooth art (cutout-sized), and how far it reaches past the box. */
  halo(color: Rgba): { image: RawImage; reach: number };
}

export interface LookOptions {
  pixel: boolean;
  /** The inputs' colours (pixel art), for ramps, the flash and the ring colour. */
  palette: readonly PackedColor[] | null;
}

const luma = (c: PackedColor): number =>
  (c & 255) === 0 ? -1 : (c >>> 24) * 0.299 + ((c >>> 16) & 255) * 0.587 + ((c >>> 8) & 255) * 0.114;

/** The look of the subject `sprite` (full frame) whose box is `box`. */
export function createLook(sprite: RawImage, box: Box, opts: LookOptions): Look {
  const reach = opts.pixel ? 1 : Math.max(2, Math.round(box.height / 8));
  const cut = spriteCutout(sprite, box, reach + 3);
  const base = cut.image;
  const cache = new Map<string, RawImage>();
  const halos = new Map<string, { image: RawImage; reach: number }>();
  const ramp = opts.pixel && opts.palette ? buildRamp(opts.palette) : null;
  const palette = opts.palette ?? [];
  const brightest = palette.reduce<PackedColor>((best, c) => (luma(c) > luma(best) ? c : best), 0);
  const unpack = (c: PackedColor): Rgba => ({ r: c >>> 24, g: (c >>> 16) & 255, b: (c >>> 8) & 255, a: c & 255 });

  const recolor = (glow: number, flash: number, shade: number, tint: Rgba): RawImage => {
    let img = base;
    if (opts.pixel) {
      // A glow climbs the ramps (one step: further washes a small sprite's details out); a shade
      // climbs down; a hit flash turns the sprite toward its palette's lightest colour (a full
      // flash is the classic white silhouette). Ramps are climbed by whole steps (shiftByRamp
      // says why), so a slight glow or shade changes nothing.
      if (glow > 0) {
        const up = Math.round(1.25 * glow);
        if (!ramp) img = ditherToward(img, brightest, 0.5 * glow);
        else if (up > 0) img = shiftByRamp(img, up, ramp);
        // The halo of pixel art is a dithered one-pixel ring, part of the sprite (warped with it).
        img = ditherUnder(img, ringOf(base, unpack(nearestOpaque(palette, tint.r, tint.g, tint.b, brightest))), HALO * glow);
      }
      const steps = Math.round(2 * shade);
      if (steps !== 0 && ramp) img = shiftByRamp(img, steps, ramp);
      if (flash > 0) img = ditherToward(img, brightest, flash);
      return img;
    }
    if (glow > 0) img = shadeImage(tintImage(img, tint, 0.3 * glow), 0.12 * glow);
    if (shade !== 0) img = shadeImage(img, shade);
    if (flash > 0) img = tintImage(img, FLASH, 0.6 * flash);
    return img;
  };

  return {
    ox: cut.ox,
    oy: cut.oy,
    sprite(look, tint) {
      const g = Math.max(0, Math.round(look.glow * STEPS) / STEPS);
      // Pixel art flashes whole (the classic white silhouette) or not at all: a half flash is dither noise.
      const f = opts.pixel ? (look.flash >= 0.5 ? 1 : 0) : Math.max(0, Math.round(look.flash * STEPS) / STEPS);
      const s = Math.max(-1, Math.min(1, Math.round(look.shade * STEPS) / STEPS));
      if (g === 0 && f === 0 && s === 0) return base;
      const key = `${g},${f},${s},${tint.r},${tint.g},${tint.b}`;
      let img = cache.get(key);
      if (!img) {
        img = recolor(g, f, s, tint);
        cache.set(key, img);
      }
      return img;
    },
    halo(color) {
      const key = `${color.r},${color.g},${color.b}`;
      let h = halos.get(key);
      if (!h) {
        // (Pixel art draws its ring as part of the sprite; this halo is for smooth art.)
        h = { image: haloOf(base, color, reach), reach: reach + 2 };
        halos.set(key, h);
      }
      return h;
    },
  };
}

/** The part of `img` inside `box` plus `margin` on every side (transparent past the image's edges), and where its origin lies in `img`. */
export function spriteCutout(img: RawImage, box: Box, margin: number): { image: RawImage; ox: number; oy: number } {
  const ox = box.x - margin, oy = box.y - margin;
  const image = copyInto(createImage(box.width + 2 * margin, box.height + 2 * margin), img, -ox, -oy);
  return { image, ox, oy };
}
