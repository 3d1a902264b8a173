// Limits on what an upload may make us allocate. Each guards memory: a 62-byte GIF can claim
// 20000x20000 pixels, and decoding it would allocate 1.6 GB before failing.
export const MAX_IMAGE_SIDE = 4096;
export const MAX_GIF_FRAMES = 120;
export const MAX_GIF_MS = 10_000;
/**
 * Frames x width x height of a GIF source: what decoding and retiming it costs. A 3 KB GIF can
 * claim 120 frames of 4096 x 4096 (two billion pixels, minutes of a worker). The bound lets through
 * every GIF the spec's 120 frames allow up to 1024 x 1024 (a screen capture at 640 x 480 is 37
 * million): the longest such job takes a worker about 6-8 s and the server about 310 MB at its peak.
 */
export const MAX_GIF_PIXELS = 120 * 1024 * 1024;
/** Frame size of animations: the start image, scaled down to fit this box. */
export const MAX_FRAME_SIDE = 512;
/** Animations play at 12 frames a second. */
export const FPS = 12;
