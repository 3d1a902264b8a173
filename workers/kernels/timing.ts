// Animations play at 12 frames a second, but GIF delays are whole centiseconds and 100/12 is not
// one. Frame i gets floor((i+1)*100/12) - floor(i*100/12) cs (8, 8, 9, 8, 8, 9, ...), so the
// running total is always the exact total rounded down: 36 frames = 300 cs = 3 s.
// A restyle keeps its source's speed instead (docs/contract.md §3): the source loop is repeated a whole
// number of times over the output (loopRepeats), and that length is spread the same way
// (spreadDelaysCs), so the GIF, sheet.json and the Godot export all play the source's period.
import { checkInt } from './check.ts';
import { FPS } from '../limits.ts';
import { MAX_SHEET_FRAMES } from '../output/sheet.ts';

/** GIF delay of each of `frameCount` frames, in centiseconds. */
export function frameDelaysCs(frameCount: number, fps: number = FPS): number[] {
  checkInt(frameCount, 1, MAX_SHEET_FRAMES, 'frame count');
  checkInt(fps, 1, 100, 'fps');
  return Array.from({ length: frameCount }, (_, i) => Math.floor(((i + 1) * 100) / fps) - Math.floor((i * 100) / fps));
}

/** The same delays in milliseconds (sheet.json `duration`), so the sheet and the GIF agree. */
export function frameDurationsMs(frameCount: number, fps: number = FPS): number[] {
  return frameDelaysCs(frameCount, fps).map((cs) => cs * 10);
}

/** The shortest delay browsers play as written: 0 and 1 cs play as 10 cs (docs/contract.md §2). */
const MIN_PLAYED_CS = 2;
/** Longest output: 100 frames of a 10 s GIF loop stretched to 83 ms frames is far below this. */
const MAX_TOTAL_CS = 60 * 60 * 100;

/**
 * Whole-centisecond delays for `frameCount` frames that together last `totalCs`, spread like
 * frameDelaysCs (frame i ends at floor((i+1) x totalCs / frameCount)), so the total is exact.
 * Every delay must be one browsers play as written (at least 2 cs).
 */
export function spreadDelaysCs(totalCs: number, frameCount: number): number[] {
  checkInt(frameCount, 1, MAX_SHEET_FRAMES, 'frame count');
  checkInt(totalCs, MIN_PLAYED_CS * frameCount, MAX_TOTAL_CS, 'total centiseconds');
  const end = (i: number): number => Math.floor((i * totalCs) / frameCount);
  return Array.from({ length: frameCount }, (_, i) => end(i + 1) - end(i));
}

/**
 * How many times a loop of `periodMs` is repeated over `frameCount` frames so each frame lasts as
 * close to 1000/fps ms as a whole number of loops allows: R x periodMs / frameCount nearest 1000/fps.
 * A tie takes the fewer repeats (shorter frames), which drops fewer of the loop's own frames.
 * E.g. an 800 ms loop over 36 frames: 3 loops give 66.7 ms frames, 4 give 88.9 ms: 4.
 */
export function loopRepeats(periodMs: number, frameCount: number, fps: number = FPS): number {
  checkInt(frameCount, 1, MAX_SHEET_FRAMES, 'frame count');
  checkInt(fps, 1, 100, 'fps');
  if (!Number.isFinite(periodMs) || periodMs <= 0) throw new RangeError(`Expected a positive loop period (ms) but received ${periodMs}`);
  // |R x period / count - 1000 / fps|, times count x fps: exact for whole-ms periods.
  const error = (r: number): number => Math.abs(r * periodMs * fps - 1000 * frameCount);
  const below = Math.max(1, Math.floor((1000 * frameCount) / (periodMs * fps)));
  return error(below + 1) < error(below) ? below + 1 : below;
}
