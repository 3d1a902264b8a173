// image-tune/split-layer: one element of a picture as its own layer, and the rest. The subject and
// the background come from separating the subject (a flat background colour, or transparency);
// body parts (head, arms, legs, torso, a held weapon, wings) from the rig found in the subject's
// silhouette. Both layers are on transparency at the picture's size, so stacked (the layer over the
// rest) they give the picture back. A keyword it does not know, or a part the rig did not find,
// fails with what it knows or found: never a silent copy of the input.
import type { RawImage } from '../../types.ts';
import { createImage } from '../../kernels/image.ts';
import { partIndices, subjectOf } from './subject.ts';
import type { BodyPart } from './subject.ts';

/** What each keyword takes: the subject, the background, or a body part. */
const KEYWORDS: Record<string, 'subject' | 'background' | BodyPart> = {
  character: 'subject', subject: 'subject', sprite: 'subject', figure: 'subject', foreground: 'subject', person: 'subject',
  background: 'background', backdrop: 'background', bg: 'background',
  head: 'head', face: 'head',
  body: 'body', torso: 'body',
  arm: 'arm', hand: 'arm',
  leg: 'leg', foot: 'leg',
  weapon: 'weapon', sword: 'weapon', staff: 'weapon', axe: 'weapon', club: 'weapon', spear: 'weapon',
  wing: 'wing',
};

/** The keywords its error lists (each stands for its synonyms above). */
export const SPLIT_KEYWORDS = ['character', 'background', 'head', 'body', 'arm', 'leg', 'weapon', 'wing'];

export class SplitError extends Error {}

export interface SplitPlan {
  keyword: string;
  /** The keyword as read: subject, background, or the rig's parts taken. */
  took: string[];
  /** Every part the rig found (for a part keyword), so a user sees what else can be split. */
  found?: string[];
}

export interface Split {
  layer: RawImage;
  rest: RawImage;
  plan: SplitPlan;
}

/** "Arms", " the Sword " -> arm, sword; the last word of a phrase ("left arm" -> arm). */
function readKeyword(keyword: string): string {
  const words = keyword.toLowerCase().trim().split(/\s+/).filter((w) => w !== 'the' && w !== 'a');
  const word = words.at(-1) ?? '';
  if (word in KEYWORDS) return word;
  const singular = word.replace(/(ves)$/, 'f').replace(/(e?s)$/, '');
  if (singular in KEYWORDS) return singular;
  if (word === 'feet') return 'foot';
  throw new SplitError(`split-layer does not know the keyword "${keyword.trim()}"; it knows: ${SPLIT_KEYWORDS.join(', ')}`);
}

export function splitLayer(image: RawImage, keyword: string): Split {
  const word = readKeyword(keyword);
  const what = KEYWORDS[word]!;
  const { sprite, background, box, skeleton } = subjectOf(image, what !== 'subject' && what !== 'background');
  if (!box) throw new SplitError('split-layer found no subject in the picture (it is empty or one flat colour)');
  // A flat background is known everywhere, also behind the subject: its layer is the whole plate.
  const plate = background ? createImage(image.width, image.height, background) : null;
  if (what === 'background') {
    if (!plate) throw new SplitError('split-layer: the picture has no background to separate (it is already on transparency)');
    return { layer: plate, rest: sprite, plan: { keyword, took: ['background'] } };
  }
  if (what === 'subject') return { layer: sprite, rest: plate ?? minus(image, sprite, null), plan: { keyword, took: ['subject'] } };
  const parts = skeleton?.rig.parts ?? [];
  const found = parts.map((p) => p.name);
  const taken = skeleton ? partIndices(skeleton, what) : new Set<number>();
  if (!skeleton || taken.size === 0) {
    throw new SplitError(`split-layer found no ${word} in the picture; it found: ${found.length ? found.join(', ') : 'no parts'}`);
  }
  const { labels } = skeleton.rig;
  const { width: w, height: h } = image;
  const cut = skeleton.sprite.data;
  // A part's pixels, and the faint edge the rig leaves unlabelled (too transparent to be body)
  // where it borders them.
  const inPart = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < h && taken.has(labels[y * w + x]!);
  const layer = createImage(w, h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const p = y * w + x;
    if (cut[p * 4 + 3] === 0) continue;
    const edge = labels[p]! < 0 && (inPart(x - 1, y) || inPart(x + 1, y) || inPart(x, y - 1) || inPart(x, y + 1));
    if (inPart(x, y) || edge) layer.data.set(cut.subarray(p * 4, p * 4 + 4), p * 4);
  }
  return { layer, rest: minus(image, layer, plate), plan: { keyword, took: [...taken].map((i) => parts[i]!.name), found } };
}

/**
 * `image` with `layer` taken out, so the layer drawn over it gives `image` back: where the layer
 * holds a pixel, the rest is clear, except that a soft edge cut from a flat background keeps that
 * background under it (the edge was un-mixed from it).
 */
function minus(image: RawImage, layer: RawImage, plate: RawImage | null): RawImage {
  const data = new Uint8Array(image.data);
  for (let i = 3; i < data.length; i += 4) {
    const a = layer.data[i]!;
    if (a === 0) continue;
    if (plate && a < 255) data.set(plate.data.subarray(i - 3, i + 1), i - 3);
    else data.fill(0, i - 3, i + 1);
  }
  return { width: image.width, height: image.height, data };
}
