// Mixing two frames of one size: a smooth crossfade (premultiplied, so a fading-in sprite does
// not drag black fringes in from its transparent pixels) and, for pixel art, a dissolve that picks
// each pixel whole from one frame or the other, so no colour is ever invented.
import type { RawImage } from '../types.ts';
import { checkImage, checkNumber } from './check.ts';
import { cloneImage } from './image.ts';
import { hash32 } from './random.ts';

function checkPair(a: RawImage, b: RawImage, t: number): void {
  checkImage(a, 'first image');
  checkImage(b, 'second image');
  if (a.width !== b.width || a.height !== b.height) {
    throw new RangeError(`Expected ${a.width}x${a.height} for second image but received ${b.width}x${b.height}`);
  }
  checkNumber(t, 0, 1, 't');
}

/** (1 - t) * a + t * b in premultiplied alpha; t = 0 gives a's bytes, t = 1 gives b's. */
export function crossfade(a: RawImage, b: RawImage, t: number): RawImage {
  checkPair(a, b, t);
  if (t === 0) return cloneImage(a);
  if (t === 1) return cloneImage(b);
  const p = a.data;
  const q = b.data;
  const out = new Uint8Array(p.length);
  const s = 1 - t;
  for (let i = 0; i < p.length; i += 4) {
    const pa = p[i + 3]! * s;
    const qa = q[i + 3]! * t;
    const oa = pa + qa;
    if (oa < 0.5) continue;
    out[i] = Math.round((p[i]! * pa + q[i]! * qa) / oa);
    out[i + 1] = Math.round((p[i + 1]! * pa + q[i + 1]! * qa) / oa);
    out[i + 2] = Math.round((p[i + 2]! * pa + q[i + 2]! * qa) / oa);
    out[i + 3] = Math.round(oa);
  }
  return { data: out, width: a.width, height: a.height };
}

/**
 * Each pixel is a's or b's, whole: b's once t passes that pixel's fixed rank (a seeded hash of its
 * position). As t grows the set of b pixels only grows, so the dissolve never flickers back.
 */
export function dissolve(a: RawImage, b: RawImage, t: number, seed: number): RawImage {
  checkPair(a, b, t);
  const out = new Uint8Array(a.data);
  if (t === 0) return { data: out, width: a.width, height: a.height };
  const threshold = Math.floor(t * 0x1_0000_0000);
  const q = b.data;
  for (let p = 0, i = 0; i < out.length; p++, i += 4) {
    if (hash32(p ^ seed) >= threshold) continue;
    out[i] = q[i]!;
    out[i + 1] = q[i + 1]!;
    out[i + 2] = q[i + 2]!;
    out[i + 3] = q[i + 3]!;
  }
  return { data: out, width: a.width, height: a.height };
}
