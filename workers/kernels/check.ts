// Input checks shared by every kernel. Kernels are called with data that came from uploads, so
// a wrong size must fail loudly with a message that names the thing, never read past a buffer.
import type { RawImage } from '../types.ts';

/** Throws unless `value` is an integer in [min, max]; `name` is what the caller calls it. */
export function checkInt(value: number, min: number, max: number, name: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`Expected integer between ${min} and ${max} for ${name} but received ${value}`);
  }
}

/** Throws unless `value` is a finite number in [min, max]. */
export function checkNumber(value: number, min: number, max: number, name: string): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`Expected number between ${min} and ${max} for ${name} but received ${value}`);
  }
}

/** Throws unless `img` is a well-formed RawImage: positive integer size, 4 bytes a pixel. */
export function checkImage(img: RawImage, name: string): void {
  if (!Number.isInteger(img.width) || img.width < 1 || !Number.isInteger(img.height) || img.height < 1) {
    throw new RangeError(`Expected positive integer size for ${name} but received ${img.width}x${img.height}`);
  }
  const expected = img.width * img.height * 4;
  if (img.data.length !== expected) {
    throw new RangeError(
      `Expected ${expected} bytes (${img.width}x${img.height} RGBA) for ${name} but received ${img.data.length}`,
    );
  }
}

/** Throws unless every image has the size of the first. */
export function checkSameSize(images: readonly RawImage[], name: string): void {
  const first = images[0];
  if (!first) throw new RangeError(`Expected at least one image for ${name} but received none`);
  images.forEach((img, i) => {
    checkImage(img, `${name}[${i}]`);
    if (img.width !== first.width || img.height !== first.height) {
      throw new RangeError(
        `Expected ${first.width}x${first.height} for ${name}[${i}] but received ${img.width}x${img.height}`,
      );
    }
  });
}

/**
 * Indexed access without `undefined`, for arrays whose bounds were checked up front
 * (noUncheckedIndexedAccess is right for app code). Not for per-pixel loops: those read their typed
 * array directly (`d[i]!`), since this one function sees every array type in a worker and its
 * reads go megamorphic (measured ~5x slower per read).
 */
export function at(arr: ArrayLike<number>, i: number): number {
  return arr[i] as number;
}

/** The element at `i` of an array the caller knows is long enough. */
export function item<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new RangeError(`Index ${i} out of range (length ${arr.length})`);
  return v;
}
