// RGBA bytes read a pixel at a time. On a little-endian machine a pixel viewed as a 32-bit word has
// red in its low byte and alpha in its high byte, which the hot loops read and write whole.

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Whether `bytes` (RGBA) can be viewed as one little-endian word per pixel: this machine's order, an aligned view. */
export const readsAsWords = (bytes: Uint8Array): boolean => LITTLE_ENDIAN && bytes.byteOffset % 4 === 0;
