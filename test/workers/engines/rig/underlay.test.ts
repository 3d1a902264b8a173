// The body under a limb drawn over it, row by row: carried across from the body's side, the seam
// left between limb and body painted over, the body's outline kept, and a fingertip beside the
// hips no reason to fill.
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../../../workers/types.ts';
import { paintUnder } from '../../../../workers/engines/rig/underlay.ts';
import type { Rig } from '../../../../workers/engines/rig/types.ts';

type Rgba = [number, number, number, number];
const BLACK: Rgba = [10, 10, 10, 255], SHIRT: Rgba = [40, 90, 200, 255], SLEEVE: Rgba = [150, 200, 255, 255], SKIN: Rgba = [240, 190, 150, 255];
/** A line's soft edge into the shirt: the shirt's colour, a little lighter. */
const EDGE: Rgba = [70, 120, 215, 255];
/** The shirt's lit edge, far from its colour. */
const LIT: Rgba = [130, 190, 250, 255];
const SHOE_RED: Rgba = [220, 50, 50, 255];
/** A line's soft edge into a brown: dark enough to read as line, not black. */
const SOFT_LINE: Rgba = [70, 45, 25, 255];
/** A shoe's highlight, painted faint. */
const HIGHLIGHT: Rgba = [240, 130, 140, 232];
const TORSO = 0, ARM = 1, SHOE = 3;

/**
 * One row per string, a character a pixel: `|` the body's outline, `a` the arm over the body, `s`
 * a seam of line the arm left, `b` shirt, `e` the soft edge of a line into the shirt, `f` a
 * fingertip of skin left on the body, `l` the shirt's lit edge, `o` a shoe (a rigid part) and `k`
 * its outline and `h` its faint highlight, `d` a line's soft edge (dark, not black), `.` nothing.
 * The spine stands at x = 30, the subject is 100 px tall.
 */
function drawn(rows: string[]): { sprite: RawImage; rig: Rig } {
  const width = rows[0]!.length, height = rows.length;
  const sprite: RawImage = { width, height, data: new Uint8Array(width * height * 4) };
  const labels = new Int8Array(width * height).fill(-1);
  const colour: Record<string, Rgba> = { '|': BLACK, a: SLEEVE, s: BLACK, b: SHIRT, e: EDGE, f: SKIN, l: LIT, o: SHOE_RED, k: BLACK, d: SOFT_LINE, h: HIGHLIGHT };
  rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c === '.') return;
    sprite.data.set(colour[c]!, (y * width + x) * 4);
    labels[y * width + x] = c === 'a' ? ARM : c === 'o' || c === 'k' || c === 'h' ? SHOE : TORSO;
  }));
  const spine = { name: 'spine', parent: -1, head: { x: 30, y: height }, tail: { x: 30, y: 0 } };
  const rig: Rig = {
    plan: 'humanoid', view: 'front', facing: 1, height: 100, ground: { x: 30, y: height }, bones: [spine],
    parts: [{ name: 'torso', bones: [0], depth: 0 }, { name: 'armL', bones: [0], depth: 0.5 }, { name: 'underArmL', bones: [0], depth: 0.01, copyOf: ARM, under: true }, { name: 'legL', bones: [0], depth: -0.1, rigid: true }],
    labels, width, index: { spine: 0 },
  };
  return { sprite, rig };
}

/** A hand over a hem that meets a shoe left of it, the body's bottom edge right of it beginning with `edge` (two pixels). */
const hemUnderHand = (edge: string): string[] => [
  '|bbbbbaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbb|',
  '|bbbbbaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbb|',
  '||||||aaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbb|',
  'ooooooaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbb|',
  `ooooooaaaaaa${edge}||||||||||||||||||||||||||`,
  'ooooooaaaaaa............................',
];

const colourAt = (img: RawImage, x: number, y: number): Rgba => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)] as Rgba;

describe('the underlay', () => {
  it('carries the body across under the arm, paints over the seam and keeps the outline', () => {
    const { sprite, rig } = drawn(['|aaaaaaaassssbbbbbbbbbbbbbbbbbbbbbbbbbb|']);
    const { under, over } = paintUnder(sprite, rig, true)!;
    expect(colourAt(under, 0, 0)).toEqual(BLACK);
    for (const x of [1, 5, 8, 9, 12]) expect(colourAt(under, x, 0), `x ${x}`).toEqual(SHIRT);
    // The arm's own layer holds the arm alone.
    expect(colourAt(over, 5, 0)).toEqual(SLEEVE);
    expect(colourAt(over, 20, 0)[3]).toBe(0);
  });

  // A belt's edge is a line along the row: the belt lost its edge under the arm (the rows took
  // the fill beyond the line, or the nearest body pixel's colour).
  it('carries a line that runs on along the row (a belt\'s edge) across under the arm', () => {
    const { sprite, rig } = drawn(['|aaaassssssssssssbbbbbbbbbbbbbbbbbbbbbb|']);
    const { under } = paintUnder(sprite, rig, true)!;
    for (const x of [1, 3]) expect(colourAt(under, x, 0), `x ${x}`).toEqual(BLACK);
  });

  // A belt round a belly is drawn lower beyond the arm than beside the buckle: carried along its
  // row from the buckle's side it came out level and met its own end beyond the arm as a step.
  it('bridges a band seen on both sides of the arm from its height on one side to its height on the other', () => {
    const shirt = '|bbbbbbbaaaaaabbbbbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([shirt, shirt, shirt, shirt, '||||||||aaaaaabbbbbbbbbbbbbbbbbbbbbbbbb|', shirt,
      '|bbbbbbbaaaaaa||||||||||||||||||||||||||', shirt, shirt, shirt, shirt, shirt]);
    const { under } = paintUnder(sprite, rig, false)!;
    const darkest = (x: number): number => {
      let best = 0;
      for (let y = 0; y < 12; y++) if (colourAt(under, x, y)[2] < colourAt(under, x, best)[2]) best = y;
      return best;
    };
    const rows = [8, 9, 10, 11, 12, 13].map(darkest);
    expect(rows[0]).toBeLessThanOrEqual(5);
    expect(rows[5]).toBeGreaterThanOrEqual(5);
    for (let k = 1; k < rows.length; k++) expect(rows[k]!, `x ${8 + k}`).toBeGreaterThanOrEqual(rows[k - 1]!);
    // The line is whole across: in each column under the arm one pixel is as dark as most of the line.
    for (let x = 8; x <= 13; x++) expect(colourAt(under, x, darkest(x))[2], `x ${x}`).toBeLessThan(110);
    // Above and below, the shirt.
    for (const x of [8, 13]) for (const y of [1, 10]) expect(colourAt(under, x, y), `${x},${y}`).toEqual(SHIRT);
  });

  it('leaves a wide line between arm and body as drawn (a seam is thin)', () => {
    const { sprite, rig } = drawn(['|aaaassssssssbbbbbbbbbbbbbbbbbbbbbbbbbb|']);
    const { under } = paintUnder(sprite, rig, true)!;
    expect(colourAt(under, 3, 0)).toEqual(SHIRT);
    expect(colourAt(under, 6, 0)).toEqual(BLACK);
  });

  it('makes the arm\'s place background where nothing, or a fingertip, lies beyond it', () => {
    const { sprite, rig } = drawn(['...aaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbb|', 'ffaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbb|']);
    const { under } = paintUnder(sprite, rig, true)!;
    expect(colourAt(under, 4, 0)[3]).toBe(0);
    expect(colourAt(under, 4, 1)[3]).toBe(0);
    expect(colourAt(under, 0, 1)).toEqual(SKIN);
  });

  // The shirt's lit edge between the sleeve and the outline is not the shirt's colour: the rows
  // under the sleeve were cut out as the silhouette's edge, a see-through band across the body.
  it('carries the body across where a lit edge of it, then its outline, lies beyond the arm', () => {
    const row = '|llllaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([row, row, row]);
    const { under } = paintUnder(sprite, rig, true)!;
    for (const x of [5, 8, 10]) expect(colourAt(under, x, 1), `x ${x}`).toEqual(SHIRT);
    expect(colourAt(under, 2, 1)).toEqual(LIT);
  });

  // The arm's outline on its outer side, between it and the shirt's lit edge, stayed as a line
  // drawn down the body where the arm had been.
  it('paints over the arm\'s outline beyond it too, where a fill of the body lies past it, and keeps the body\'s outline', () => {
    const row = '|llllssaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([row, row, row]);
    const { under } = paintUnder(sprite, rig, true)!;
    for (const x of [5, 6]) expect(colourAt(under, x, 1), `x ${x}`).toEqual(LIT);
    expect(colourAt(under, 0, 1)).toEqual(BLACK);
  });

  it('carries the shirt across, not the soft edge of the line between arm and shirt (a streak)', () => {
    const { sprite, rig } = drawn(['|aaaaaaaasseebbbbbbbbbbbbbbbbbbbbbbbbbb|']);
    const { under } = paintUnder(sprite, rig, true)!;
    for (const x of [1, 5, 8, 10, 11]) expect(colourAt(under, x, 0), `x ${x}`).toEqual(SHIRT);
  });

  it('decides each row with the rows around it: one row whose edge reads otherwise is not cut out', () => {
    const body = '|aaaaaaaassssbbbbbbbbbbbbbbbbbbbbbbbbbb|', edge = '.aaaaaaaassssbbbbbbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([body, body, edge, body, body]);
    const { under } = paintUnder(sprite, rig, true)!;
    expect(colourAt(under, 4, 2)).toEqual(SHIRT);
    // Rows that all read as the silhouette's edge stay background.
    const alone = drawn([edge, edge, edge]);
    expect(colourAt(paintUnder(alone.sprite, alone.rig, true)!.under, 4, 1)[3]).toBe(0);
  });

  it('painted art: the body reaches one pixel under a limb at the silhouette\'s edge, in the colour beside it; not a line, not pixel art', () => {
    // Drawn off its pixel centres the limb's edge is partly opaque, and so would the body's be
    // beneath it: the pixel keeps the background from showing through both.
    const row = '.aaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([row, row, row]);
    const { under } = paintUnder(sprite, rig, false)!;
    for (let y = 0; y < 3; y++) {
      expect(colourAt(under, 6, y), `row ${y}`).toEqual(SHIRT);
      for (let x = 1; x <= 5; x++) expect(colourAt(under, x, y)[3], `${x},${y}`).toBe(0);
    }
    expect(colourAt(paintUnder(sprite, rig, true)!.under, 6, 1)[3]).toBe(0);
    // Beside the body's outline the limb's place stays clear: an outline reaching on would thicken.
    const lined = '.aaaaaa|bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb|';
    const outlined = drawn([lined, lined, lined]);
    expect(colourAt(paintUnder(outlined.sprite, outlined.rig, false)!.under, 6, 1)[3]).toBe(0);
  });

  it('never paints a shoe (a rigid part, moving on its own) into the body under a hand that lies over it', () => {
    const row = '.ooooaaaaaaoooooobbbbbbbbbbbbbbbbbbbbbb|';
    const { sprite, rig } = drawn([row, row, row, row, row]);
    const { under, beneath } = paintUnder(sprite, rig, false)!;
    const reddish = ([r, g, b, a]: Rgba): boolean => a > 0 && r > 150 && g < 120 && b < 120;
    // Red only where the shoe itself is painted in under the hand (then it moves with the shoe).
    for (let y = 0; y < 5; y++) for (let x = 5; x <= 10; x++) expect(reddish(colourAt(under, x, y)), `${x},${y}`).toBe(beneath?.[y * 40 + x] === SHOE);
  });

  // A hand resting on a round shoe hid its top: lifted, it left the shoe cut along the hand's outline.
  it('completes a round shoe under the hand that hid its top, as round as the side that shows, and gives the hand its edge back', () => {
    const r = 10, cx = 10, rows: string[][] = Array.from({ length: r + 1 }, () => [...'.'.repeat(40)]);
    const dome = (x: number, y: number): boolean => y >= 0 && y <= r && (x - cx) ** 2 + (y - r) ** 2 <= r * r + r;
    for (let y = 0; y <= r; y++) for (let x = 0; x < 40; x++) {
      if (!dome(x, y)) continue;
      rows[y]![x] = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].every(([qx, qy]) => dome(qx!, qy!) || qy! > r) ? 'o' : 'k';
    }
    for (let y = 0; y <= 3; y++) for (let x = 11; x <= 18; x++) rows[y]![x] = 'a';
    // The hand's outline, left labelled as the shoe, beside the hand and well outside the dome, and
    // down the dome's middle under its top outline (a notch the mirror cannot judge: it is its own).
    rows[2]![19] = 'k';
    rows[2]![20] = 'k';
    rows[1]![10] = 'k';
    rows[2]![10] = 'k';
    // A faint painted highlight inside the dome on the side that shows: fill, not a soft edge.
    rows[3]![7] = 'h';
    const { sprite, rig } = drawn(rows.map((row) => row.join('')));
    const { under, over, beneath } = paintUnder(sprite, rig, false)!;
    for (let y = 0; y <= 3; y++) for (let x = 11; x <= 18; x++) {
      const mirrored = rows[y]![2 * cx - x]!;
      if (dome(x, y)) {
        expect(beneath?.[y * 40 + x], `${x},${y}`).toBe(SHOE);
        expect(colourAt(under, x, y), `${x},${y}`).toEqual(mirrored === 'k' ? BLACK : SHOE_RED);
      } else expect(colourAt(under, x, y)[3], `${x},${y}`).toBe(0);
    }
    for (const x of [19, 20]) {
      expect(colourAt(under, x, 2)[3], `x ${x}`).toBe(0);
      expect(colourAt(over, x, 2), `x ${x}`).toEqual(BLACK);
    }
    expect(colourAt(under, 10, 0)).toEqual(BLACK);
    for (const y of [1, 2]) expect(colourAt(under, 10, y), `notch ${y}`).toEqual(SHOE_RED);
  });

  it('runs a hem the hand covered on from the body\'s edge on one side to the other, outlined', () => {
    // The hem meets the shoe at row 2 left of the hand and ends at row 4 right of it.
    const { sprite, rig } = drawn(hemUnderHand('||'));
    const { under } = paintUnder(sprite, rig, false)!;
    // Beside the shoe the hem is where it meets it; next to the body's own edge, as low as it.
    expect(colourAt(under, 6, 2)).toEqual(BLACK);
    expect(colourAt(under, 6, 3)[3]).toBe(0);
    expect(colourAt(under, 11, 3)).toEqual(SHIRT);
    expect(colourAt(under, 11, 4)).toEqual(BLACK);
    for (let x = 6; x <= 11; x++) expect(colourAt(under, x, 5)[3], `x ${x}`).toBe(0);
  });

  // The line nearest a column along its row was at times a line's soft edge: a brown stretch along
  // the black hem.
  it('draws the hem it runs on in one line, the darkest of the body\'s lines beside it', () => {
    const { sprite, rig } = drawn(hemUnderHand('dd'));
    const { under } = paintUnder(sprite, rig, false)!;
    for (const x of [6, 11]) expect(colourAt(under, x, x === 6 ? 2 : 4), `x ${x}`).toEqual(BLACK);
  });
});
