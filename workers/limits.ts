// Limits on what an upload may make us allocate. Each guards memory: a 62-byte GIF can claim
// 20000x20000 pixels, and decoding it would allocate 1.6 GB before failing.
export const MAX_IMAGE_SIDE = 4096;
export const MAX_GIF_FRAMES = 120;
export const MAX_GIF_MS = 10_000;
/**
 * Frames x width x height of a GIF source: what decoding and retiming it costs. A 3 KB GIF can
 * claim 120 frames of 4096 x 4096 (two billion pixels, minutes of a worker); real sprite GIFs hold
 * a few million (120 frames of 512 x 512 is 31 million).
 */
export const MAX_GIF_PIXELS = 32 * 1024 * 1024;
/** Frame size of animations: the start image, scaled down to fit this box. */
export const MAX_FRAME_SIDE = 512;
/** Animations play at 12 frames a second. */
export const FPS = 12;
