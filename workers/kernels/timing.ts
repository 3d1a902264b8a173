// Animations play at 12 frames a second, but GIF delays are whole centiseconds and 100/12 is not
// one. Frame i gets floor((i+1)*100/12) - floor(i*100/12) cs (8, 8, 9, 8, 8, 9, ...), so the
// running total is always the exact total rounded down: 36 frames = 300 cs = 3 s.
import { checkInt } from './check.ts';
import { FPS } from '../limits.ts';
import { MAX_SHEET_FRAMES } from './sheet.ts';

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
