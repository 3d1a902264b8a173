// Bridges across a hole: the two sides' columns of colour matched in order, only agreeing colours
// bridged, and the pixels between bridges painted from them (blended, or an end's colour in pixel art).
import { describe, expect, it } from 'vitest';
import { bridges, paintBridges } from '../../../../workers/engines/rig/bridge.ts';
import type { SideSample } from '../../../../workers/engines/rig/bridge.ts';

const WIDTH = 12, HEIGHT = 10;
const SHIRT = [40, 90, 200, 255], LINE = [10, 10, 10, 255], LIT = [150, 210, 255, 255];

/** A picture whose column 1 (left side) and 10 (right side) hold the given colours per row. */
function sides(left: number[][], right: number[][]): { data: Uint8Array; l: SideSample[]; r: SideSample[] } {
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  const l: SideSample[] = [], r: SideSample[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    data.set(left[y]!, (y * WIDTH + 1) * 4);
    data.set(right[y]!, (y * WIDTH + 10) * 4);
    l.push({ y, x: 1, p: y * WIDTH + 1 });
    r.push({ y, x: 10, p: y * WIDTH + 10 });
  }
  return { data, l, r };
}
const column = (lineAt: number, other = SHIRT): number[][] => Array.from({ length: HEIGHT }, (_, y) => (y === lineAt ? LINE : other));

describe('bridges', () => {
  it('matches a line two rows lower on the right with the line on the left', () => {
    const { data, l, r } = sides(column(3), column(5));
    const spans = bridges(data, l, r, 3, 120);
    expect(spans.some((s) => s.a.y === 3 && s.b.y === 5)).toBe(true);
    // In order: no bridge crosses another.
    for (let k = 1; k < spans.length; k++) {
      expect(spans[k]!.a.y).toBeGreaterThanOrEqual(spans[k - 1]!.a.y);
      expect(spans[k]!.b.y).toBeGreaterThanOrEqual(spans[k - 1]!.b.y);
    }
  });

  it('does not match farther than the band allows', () => {
    const { data, l, r } = sides(column(1), column(8));
    expect(bridges(data, l, r, 2, 120).some((s) => s.a.y === 1 && s.b.y === 8)).toBe(false);
  });

  it('leaves out pairs whose colours disagree', () => {
    const { data, l, r } = sides(column(-1, LIT), column(-1));
    expect(bridges(data, l, r, 2, 120)).toEqual([]);
  });

  it('paints between bridges, blended in painted art and in the ends\' colours in pixel art', () => {
    const { data, l, r } = sides(column(3), column(5));
    const spans = bridges(data, l, r, 3, 120);
    const inside = (p: number): boolean => p % WIDTH > 1 && p % WIDTH < 10;
    const painted = new Uint8Array(data);
    const done = paintBridges(painted, data, WIDTH, spans, inside, 3, false);
    expect(done.length).toBeGreaterThan(0);
    // Halfway across, the line is halfway down (row 4), and the shirt is above and below it.
    expect([...painted.subarray((4 * WIDTH + 5) * 4, (4 * WIDTH + 5) * 4 + 3)].every((v) => v < 60)).toBe(true);
    expect([...painted.subarray((1 * WIDTH + 5) * 4, (1 * WIDTH + 5) * 4 + 4)]).toEqual(SHIRT);
    const pixel = new Uint8Array(data);
    paintBridges(pixel, data, WIDTH, spans, inside, 3, true);
    const palette = new Set([SHIRT, LINE].map((c) => c.join()));
    for (const p of done) expect(palette.has([...pixel.subarray(p * 4, p * 4 + 4)].join())).toBe(true);
  });
});
