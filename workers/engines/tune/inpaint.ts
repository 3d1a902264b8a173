// image-tune/inpaint: a picture edited by a prompt, without a mask, in a stated vocabulary:
//   - the background changed: to a colour ("background red"), a gradient of two ("from navy to
//     purple"), a sky ("blue sky": the colour deepening upward), or taken away ("transparent");
//   - an object removed from a named region ("remove the object in the upper right corner"): the
//     thing there that stands apart from what surrounds it, its hole filled from the surroundings
//     (the flat colour, transparency, or patch-based synthesis over a textured background);
//   - a colour or a part recoloured ("make the red cape blue", "hair green"): the pixels of that
//     colour (or of that body part, found by the rig) turned to the new one, their shading kept.
// A prompt outside it fails, saying what is understood: an edit is never a silent no-op.
import type { RawImage } from '../../types.ts';
import { words } from '../../kernels/words.ts';
import type { Rgba } from '../../kernels/image.ts';
import { hsl } from '../../kernels/recolor.ts';
import { toHsl } from '../../kernels/tone.ts';
import { detectBackground } from '../../kernels/track.ts';
import { components } from '../../kernels/components.ts';
import { isSkin } from '../rig/colourCues.ts';
import { COLOR_NAMES } from '../materials.ts';
import { partIndices, subjectOf } from './subject.ts';
import type { BodyPart } from './subject.ts';
import { patchFill } from './patchFill.ts';

export class InpaintError extends Error {}

const SUPPORTED = 'inpaint understands: a new background ("background to blue sky", "transparent background"), removing an object in a region ("remove the object in the upper right corner"), recolouring ("make the red cape blue")';

type Named = { name: string; color: Rgba };

export type InpaintPlan =
  | { edit: 'background'; to: string[] | 'transparent' }
  | { edit: 'remove'; region: string; removed: number; fill: 'transparent' | 'flat' | 'synthesis' }
  | { edit: 'recolour'; from: string; to: string; changed: number };

/** The words for body parts (and what is worn on them) a recolour reads. */
const PARTS: Record<string, BodyPart> = {
  hair: 'head', head: 'head', face: 'head', hat: 'head', helmet: 'head',
  body: 'body', shirt: 'body', torso: 'body', armor: 'body', armour: 'body', tunic: 'body', robe: 'body',
  legs: 'leg', leg: 'leg', pants: 'leg', trousers: 'leg', boots: 'leg', feet: 'leg',
  arms: 'arm', arm: 'arm', sleeves: 'arm', gloves: 'arm', hands: 'arm',
  weapon: 'weapon', sword: 'weapon', staff: 'weapon',
  wings: 'wing', wing: 'wing',
};

function colorsIn(ws: string[]): Named[] {
  const out: Named[] = [];
  for (const w of ws) {
    const c = COLOR_NAMES.find((e) => e.words.includes(w));
    if (c && !out.some((o) => o.name === c.name)) out.push({ name: c.name, color: c.color });
  }
  return out;
}

export function inpaint(image: RawImage, prompt: string, candidates: number, seed: string): { image: RawImage; plan: InpaintPlan } {
  const ws = words(prompt.replace(/gray|grey/gi, 'gray'));
  const colors = colorsIn(ws);
  const has = (...list: string[]) => list.some((w) => ws.includes(w));
  const background = has('background', 'backdrop', 'bg');
  const removing = has('remove', 'erase', 'delete', 'rid');
  // "Remove the background" takes it away; "remove the tree in the upper left" takes an object.
  if (background && (!removing || !regionOf(ws, image.width, image.height))) return changeBackground(image, removing ? [...ws, 'transparent'] : ws, colors);
  if (removing) return removeObject(image, ws, candidates, seed);
  if (colors.length > 0 && has('make', 'turn', 'change', 'recolor', 'recolour', 'paint', 'color', 'colour', 'dye', 'to', 'into')) return recolour(image, ws, colors);
  throw new InpaintError(`${SUPPORTED}; not "${prompt.trim().slice(0, 40)}"`);
}

function changeBackground(image: RawImage, ws: string[], colors: Named[]): { image: RawImage; plan: InpaintPlan } {
  const { sprite, box } = subjectOf(image, false);
  if (!box) throw new InpaintError('inpaint found no subject to keep in front of a new background');
  const transparent = ws.includes('transparent') || ws.includes('clear') || ws.includes('none');
  if (!transparent && colors.length === 0) throw new InpaintError('inpaint needs a colour for the background ("background to blue sky", "background red") or "transparent"');
  const { width: w, height: h } = image;
  if (transparent) return { image: sprite, plan: { edit: 'background', to: 'transparent' } };
  // One colour is flat, but a sky deepens upward; two are a gradient from the first (top) to the second.
  const sky = ws.includes('sky') && colors.length === 1;
  const top = colors[0]!.color, bottom = sky ? { ...mix(top, { r: 255, g: 255, b: 255, a: 255 }, 0.55) } : (colors[1] ?? colors[0]!).color;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const c = mix(top, bottom, h > 1 ? y / (h - 1) : 0);
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const a = sprite.data[i + 3]! / 255;
      // The subject (un-mixed from its old background at the edge) over the new one.
      out[i] = Math.round(sprite.data[i]! * a + c.r * (1 - a));
      out[i + 1] = Math.round(sprite.data[i + 1]! * a + c.g * (1 - a));
      out[i + 2] = Math.round(sprite.data[i + 2]! * a + c.b * (1 - a));
      out[i + 3] = 255;
    }
  }
  return { image: { width: w, height: h, data: out }, plan: { edit: 'background', to: colors.map((c) => c.name) } };
}

const mix = (a: Rgba, b: Rgba, t: number): Rgba => ({ r: Math.round(a.r + (b.r - a.r) * t), g: Math.round(a.g + (b.g - a.g) * t), b: Math.round(a.b + (b.b - a.b) * t), a: 255 });

/** The region a prompt names, as thirds of the picture: "upper right corner", "left side", "center". */
function regionOf(ws: string[], w: number, h: number): { name: string; x0: number; x1: number; y0: number; y1: number } | null {
  const top = ws.some((x) => x === 'upper' || x === 'top'), bottom = ws.some((x) => x === 'lower' || x === 'bottom');
  const left = ws.includes('left'), right = ws.includes('right');
  const centre = ws.some((x) => x === 'center' || x === 'centre' || x === 'middle');
  if (!top && !bottom && !left && !right && !centre) return null;
  const span = (lo: boolean, hi: boolean, n: number): [number, number] => (lo ? [0, n / 3] : hi ? [(2 * n) / 3, n] : centre ? [n / 3, (2 * n) / 3] : [0, n]);
  const [x0, x1] = span(left, right, w), [y0, y1] = span(top, bottom, h);
  const name = [top ? 'upper' : bottom ? 'lower' : '', left ? 'left' : right ? 'right' : '', centre && !top && !bottom && !left && !right ? 'centre' : ''].filter(Boolean).join(' ');
  return { name, x0, x1, y0, y1 };
}

function removeObject(image: RawImage, ws: string[], candidates: number, seed: string): { image: RawImage; plan: InpaintPlan } {
  const { width: w, height: h, data } = image;
  const region = regionOf(ws, w, h);
  if (!region) throw new InpaintError('inpaint needs the region to remove from ("upper right corner", "left side", "bottom", "center")');
  const alpha = detectBackground(image).kind === 'alpha';
  // What stands apart: opaque pixels on transparency; else pixels unlike every colour the picture's
  // border holds (a flat background's one, or the colours of a textured scene's backdrop).
  const { colors: backdrop, flat } = borderColors(image);
  const far = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const i = p * 4;
    far[p] = alpha ? (data[i + 3]! > 0 ? 1 : 0)
      : backdrop.every((c) => Math.abs(data[i]! - c.r) + Math.abs(data[i + 1]! - c.g) + Math.abs(data[i + 2]! - c.b) > 60) ? 1 : 0;
  }
  const { labels, sizes } = components(far, w, h);
  const inside = new Array<number>(sizes.length).fill(0);
  for (let y = Math.floor(region.y0); y < Math.ceil(region.y1); y++) for (let x = Math.floor(region.x0); x < Math.ceil(region.x1); x++) inside[labels[y * w + x]!]! += 1;
  // The largest thing lying mostly in the region (the main subject, mostly elsewhere, stays).
  let pick = 0;
  for (let id = 1; id < sizes.length; id++) if (inside[id]! >= 0.5 * sizes[id]! && sizes[id]! >= 4 && (pick === 0 || sizes[id]! > sizes[pick]!)) pick = id;
  if (pick === 0) throw new InpaintError(`inpaint found nothing to remove in the ${region.name || 'named'} region`);
  const hole = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    if (labels[p] !== pick) continue;
    // A pixel of halo round it goes too (anti-aliasing into the background).
    const x = p % w, y = (p - x) / w;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx, ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < w && ny < h && (labels[ny * w + nx] === pick || !far[ny * w + nx])) hole[ny * w + nx] = 1;
    }
  }
  const out: RawImage = { width: w, height: h, data: new Uint8Array(data) };
  const fill = alpha ? 'transparent' : flat ? 'flat' : 'synthesis';
  if (fill === 'synthesis') patchFill(out, hole, candidates, seed);
  else {
    const c = flat && !alpha ? [flat.r, flat.g, flat.b, 255] : [0, 0, 0, 0];
    for (let p = 0; p < w * h; p++) if (hole[p]) out.data.set(c, p * 4);
  }
  return { image: out, plan: { edit: 'remove', region: region.name, removed: sizes[pick]!, fill } };
}

/**
 * The colours of the picture's border, grouped to 16 levels a channel, the most frequent 32; and
 * the one colour it is (nearly all of it), if it is flat.
 */
function borderColors(image: RawImage): { colors: Rgba[]; flat: Rgba | null } {
  const { width: w, height: h, data } = image;
  const count = new Map<number, { n: number; c: Rgba }>();
  const take = (x: number, y: number) => {
    const i = (y * w + x) * 4;
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    const e = count.get(key);
    if (e) e.n++;
    else count.set(key, { n: 1, c: { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: 255 } });
  };
  for (let x = 0; x < w; x++) { take(x, 0); take(x, h - 1); }
  for (let y = 0; y < h; y++) { take(0, y); take(w - 1, y); }
  const groups = [...count.values()].sort((a, b) => b.n - a.n);
  const total = 2 * (w + h);
  return { colors: groups.slice(0, 32).map((e) => e.c), flat: groups[0]!.n >= 0.95 * total ? groups[0]!.c : null };
}

/** Whether a pixel's colour is the named one: near its hue (chromatic names) or its lightness (greys). */
function matches(c: Rgba, named: Rgba): boolean {
  const p = toHsl(c), t = toHsl(named);
  if (t.s < 0.15) return p.s < 0.25 && Math.abs(p.l - t.l) < 0.22;
  const dh = Math.abs(p.h - t.h) % 360;
  return p.s >= 0.35 && p.l > 0.1 && p.l < 0.92 && Math.min(dh, 360 - dh) <= 20;
}

function recolour(image: RawImage, ws: string[], colors: Named[]): { image: RawImage; plan: InpaintPlan } {
  const { width: w, height: h, data } = image;
  const target = colors.at(-1)!;
  const source = colors.length > 1 ? colors[0]! : null;
  const partWord = ws.find((x) => x in PARTS);
  const { sprite, box, skeleton } = subjectOf(image, partWord !== undefined);
  if (!box) throw new InpaintError('inpaint found no subject to recolour');
  let inPart: ((p: number) => boolean) | null = null;
  if (partWord) {
    const parts = skeleton?.rig.parts ?? [];
    const ids = skeleton ? partIndices(skeleton, PARTS[partWord]!) : new Set<number>();
    // A named colour picks the pixels by itself; a part alone must be found.
    if (ids.size === 0 && !source) throw new InpaintError(`inpaint found no ${partWord} to recolour; it found: ${parts.map((q) => q.name).join(', ') || 'no parts'}`);
    if (ids.size > 0) inPart = (p) => ids.has(skeleton!.rig.labels[p]!);
  }
  // A named colour picks its pixels. Otherwise outlines and highlights (near black, near white)
  // keep their tone, and greys too unless a part was named (dark hair is grey). Hair is the upper
  // part of the head without its skin (skin-coloured and light: brown hair is skin-coloured too,
  // but darker; a beard is lower down).
  const hair = partWord === 'hair';
  let headTop = h, headBottom = 0;
  if (hair && inPart) for (let p = 0; p < w * h; p++) if (inPart(p)) { const y = Math.floor(p / w); headTop = Math.min(headTop, y); headBottom = Math.max(headBottom, y); }
  const hairLine = headTop + 0.55 * (headBottom - headTop + 1);
  const selected: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (sprite.data[p * 4 + 3]! < 128) continue;
    if (inPart && !inPart(p)) continue;
    const c = { r: data[p * 4]!, g: data[p * 4 + 1]!, b: data[p * 4 + 2]!, a: 255 };
    const { s: sat, l } = toHsl(c);
    if (source) {
      if (!matches(c, source.color)) continue;
    } else if (l < 0.12 || l > 0.9 || (!inPart && sat < 0.15)) continue;
    else if (hair && (Math.floor(p / w) >= hairLine || (isSkin(c.r, c.g, c.b) && l > 0.72))) continue;
    selected.push(p);
  }
  const what = [source?.name, partWord].filter(Boolean).join(' ') || 'subject';
  if (selected.length === 0) throw new InpaintError(`inpaint found no ${what} to recolour`);
  // The new colour, each pixel keeping its lightness relative to the selection's mean (shading kept).
  const t = toHsl(target.color);
  const lights = selected.map((p) => toHsl({ r: data[p * 4]!, g: data[p * 4 + 1]!, b: data[p * 4 + 2]!, a: 255 }).l);
  const mean = lights.reduce((a, b) => a + b, 0) / lights.length;
  const out = new Uint8Array(data);
  selected.forEach((p, k) => {
    const c = hsl(t.h, t.s, Math.max(0, Math.min(1, t.l + (lights[k]! - mean))));
    out[p * 4] = c.r; out[p * 4 + 1] = c.g; out[p * 4 + 2] = c.b;
  });
  return { image: { width: w, height: h, data: out }, plan: { edit: 'recolour', from: what, to: target.name, changed: selected.length } };
}
