// The render task end to end: small inputs made with sharp, every spec kind rendered into a temp
// folder, and the files checked for names, sizes, frame counts, first/last frames and determinism.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompressFrames, parseGIF } from 'gifuct-js';
import sharp from 'sharp';
import { render } from '../../workers/render.ts';
import type { JobSpec, OverlaySpec, RenderOutput } from '../../workers/specs.ts';
import type { RawImage } from '../../workers/types.ts';
import { encodeGif } from '../../workers/codecs/encode.ts';
import { cutFrames } from '../../workers/output/sheet.ts';
import type { FrameRect } from '../../workers/output/sheet.ts';
import { resizeTo } from '../../workers/kernels/resize.ts';
import { usesOnlyPalette } from '../../workers/kernels/palette.ts';
import { createImage, fillRect } from '../../workers/kernels/image.ts';
import type { AsepriteSheet } from '../../workers/output/aseprite.ts';
import { animate } from '../../workers/engines/animate/animate.ts';
import { inputFile, pixelArt, spriteSvg, toRaw, writePng, paletteOf } from './images.ts';

// Made at load time: the it.each tables below name input paths before beforeAll runs.
const dir = mkdtempSync(join(tmpdir(), 'spritekiln-render-'));
const path = (name: string): string => join(dir, name);
const images: Record<string, RawImage> = {};

beforeAll(async () => {
  images.start = await toRaw(spriteSvg(48, 40, '#d33'));
  images.end = await toRaw(spriteSvg(48, 40, '#3a3'));
  images.endOther = await toRaw(spriteSvg(60, 30, '#33d'));
  images.big = await toRaw(spriteSvg(1024, 768, '#d93'));
  images.pixelStart = pixelArt(24, 24);
  // The same pattern in other colours (red and blue swapped), so the palette lock must allow both.
  images.pixelEnd = pixelArt(24, 24);
  const d = images.pixelEnd.data;
  for (let i = 0; i < d.length; i += 4) d.set([d[i + 2] as number, d[i + 1] as number, d[i] as number], i);
  for (const [name, img] of Object.entries(images)) await writePng(path(`${name}.png`), img);
  // Restyle sources: a GIF with uneven delays and a 3x2 PNG sheet.
  const gifFrames = [0, 1, 2].map((i) => {
    const f = createImage(30, 20);
    fillRect(f, 4 + i * 6, 5, 8, 10, { r: 200, g: 200, b: 200, a: 255 });
    return f;
  });
  await writeFile(path('source.gif'), encodeGif(gifFrames, [10, 30, 20]));
  const sheet = createImage(90, 40);
  for (let i = 0; i < 6; i++) fillRect(sheet, (i % 3) * 30 + 5 + i, Math.floor(i / 3) * 20 + 4, 10, 12, { r: 90, g: 90, b: 90, a: 255 });
  await writePng(path('source-sheet.png'), sheet);
  await writePng(path('reference.png'), createImage(8, 8, { r: 20, g: 60, b: 240, a: 255 }));
  // Overlay: 2 rows x 3 sprites with transparent gutters; the character is a green block.
  const over = createImage(120, 80);
  for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) fillRect(over, c * 40 + 10, r * 40 + 8, 20, 28, { r: 250, g: 0, b: 0, a: 255 });
  await writePng(path('overlay-sheet.png'), over);
  await writePng(path('character.png'), createImage(10, 20, { r: 0, g: 250, b: 0, a: 255 }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = (name: string, w = 48, h = 40): ReturnType<typeof inputFile> => inputFile(path(name), w, h);

let runs = 0;
/** Renders `spec` into a fresh folder; returns the output and a reader for its files. */
async function run(spec: JobSpec, seed = 'f00d') {
  const outDir = path(`out-${runs++}`);
  await mkdir(outDir);
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const result = await render({ spec, outDir, seed, progress });
  if (!result.ok) throw new Error(`render failed: ${result.message}`);
  return {
    value: result.value,
    progress: Atomics.load(progress, 0),
    outDir,
    read: (name: string) => readFile(join(outDir, name)),
    list: async () => (await readdir(outDir)).sort(),
    json: async () => JSON.parse((await readFile(join(outDir, 'sheet.json'))).toString('utf8')) as AsepriteSheet,
  };
}

async function sheetFrames(out: Awaited<ReturnType<typeof run>>): Promise<RawImage[]> {
  const json = await out.json();
  const rects: FrameRect[] = Object.values(json.frames).map((f) => f.frame);
  return cutFrames(await toRaw(await out.read('sheet.png')), rects);
}

function gifFrameCount(bytes: Buffer): { count: number; delays: number[] } {
  const frames = decompressFrames(parseGIF(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer), false);
  return { count: frames.length, delays: frames.map((f) => f.delay) };
}

/**
 * Where `image` sits in `frame` pixel for pixel, with nothing but transparency around it (an
 * animation's canvas grows around its start image); null when it is nowhere.
 */
function placedAt(frame: RawImage, image: RawImage): { x: number; y: number } | null {
  const row = image.width * 4;
  for (let y = 0; y + image.height <= frame.height; y++)
    for (let x = 0; x + image.width <= frame.width; x++) {
      let same = true;
      for (let r = 0; same && r < image.height; r++) {
        const at = ((y + r) * frame.width + x) * 4;
        same = Buffer.compare(frame.data.subarray(at, at + row), image.data.subarray(r * row, r * row + row)) === 0;
      }
      if (!same) continue;
      for (let fy = 0; fy < frame.height; fy++)
        for (let fx = 0; fx < frame.width; fx++) {
          const inside = fx >= x && fx < x + image.width && fy >= y && fy < y + image.height;
          if (!inside && frame.data[(fy * frame.width + fx) * 4 + 3] !== 0) return null;
        }
      return { x, y };
    }
  return null;
}

/** The canvas contract in sheet.json: every cell one size, at most 512x512, the pivot inside it, in whole pixels. */
async function expectCanvas(out: Awaited<ReturnType<typeof run>>, least: { w: number; h: number }): Promise<{ w: number; h: number }> {
  const json = await out.json();
  const cells = Object.values(json.frames);
  const cell = { w: cells[0]?.frame.w ?? 0, h: cells[0]?.frame.h ?? 0 };
  for (const f of cells) {
    expect({ w: f.frame.w, h: f.frame.h }).toEqual(cell);
    expect(f.sourceSize).toEqual(cell);
  }
  expect(cell.w).toBeLessThanOrEqual(512);
  expect(cell.h).toBeLessThanOrEqual(512);
  expect(cell.w).toBeGreaterThanOrEqual(least.w);
  expect(cell.h).toBeGreaterThanOrEqual(least.h);
  const pivot = json.meta.pivot as { x: number; y: number };
  expect(pivot.x).toBeGreaterThanOrEqual(0);
  expect(pivot.x).toBeLessThanOrEqual(cell.w);
  expect(pivot.y).toBeGreaterThanOrEqual(0);
  expect(pivot.y).toBeLessThanOrEqual(cell.h);
  expect([pivot.x, pivot.y].every(Number.isInteger), `pivot ${pivot.x}, ${pivot.y}`).toBe(true);
  return cell;
}

const animateSpec = (over: Partial<Extract<JobSpec, { kind: 'animate' }>>): JobSpec => ({
  kind: 'animate', text: 'the knight jumps', frames: 36, isPixel: false, promptEnhancement: true,
  start: file('start.png'), layout: 'sheet+gif', ...over,
});

describe('render: animate', () => {
  it.each([
    ['jump, no end', animateSpec({}), 36],
    ['idle, 100 frames', animateSpec({ text: 'standing', frames: 100 }), 100],
    ['with an end image', animateSpec({ end: file('end.png'), text: 'walk' }), 36],
  ])('%s: sheet.png + anim.gif + sheet.json, first frame = start', async (_name, spec, n) => {
    const out = await run(spec);
    expect(out.value).toEqual({ files: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' });
    expect(await out.list()).toEqual(['anim.gif', 'pack.json', 'sheet.json', 'sheet.png', 'sprite_frames.tres']);
    expect(out.progress).toBe(1000);
    const columns = Math.ceil(Math.sqrt(n));
    const cell = await expectCanvas(out, { w: 48, h: 40 });
    const meta = await sharp(await out.read('sheet.png')).metadata();
    expect([meta.width, meta.height]).toEqual([columns * cell.w, Math.ceil(n / columns) * cell.h]);
    const json = await out.json();
    expect(json.meta.size).toEqual({ w: meta.width, h: meta.height });
    expect(Object.keys(json.frames)).toHaveLength(n);
    expect(json.meta.frameTags[0]).toMatchObject({ from: 0, to: n - 1 });
    const gif = gifFrameCount(await out.read('anim.gif'));
    expect(gif.count).toBe(n);
    expect(gif.delays).toEqual(Object.values(json.frames).map((f) => f.duration));
    const frames = await sheetFrames(out);
    const at = placedAt(frames[0] as RawImage, images.start as RawImage);
    expect(at).not.toBeNull();
    if (spec.kind === 'animate' && spec.end) expect(placedAt(frames[n - 1] as RawImage, images.end as RawImage)).toEqual(at);
    // Motion: frames are not all the same.
    expect(frames.some((f) => Buffer.compare(f.data, (frames[0] as RawImage).data) !== 0)).toBe(true);
  });

  it('an end image of another size is resized to the start\'s size and placed where the start is, for the last frame', async () => {
    const out = await run(animateSpec({ end: file('endOther.png', 60, 30) }));
    await expectCanvas(out, { w: 48, h: 40 });
    const frames = await sheetFrames(out);
    const at = placedAt(frames[0] as RawImage, images.start as RawImage);
    expect(at).not.toBeNull();
    expect(placedAt(frames[35] as RawImage, resizeTo(images.endOther as RawImage, 48, 40, 'smooth'))).toEqual(at);
  });

  it('a start larger than 512x512 is fitted within it', async () => {
    const out = await run(animateSpec({ start: file('big.png', 1024, 768), frames: 36 }));
    await expectCanvas(out, { w: 0, h: 0 });
    // The engine itself: frames at most 512 both ways, the start scaled down to fit the canvas.
    const big = animate({ start: images.big as RawImage, text: 'the knight jumps', frames: 4, isPixel: false, seed: 'f00d' });
    for (const f of big.frames) {
      expect(f.width).toBeLessThanOrEqual(512);
      expect(f.height).toBeLessThanOrEqual(512);
    }
    expect(big.start.scale).toBeLessThan(1);
    expect(big.start.x + big.start.width).toBeLessThanOrEqual(big.frames[0]?.width ?? 0);
    expect(big.start.y + big.start.height).toBeLessThanOrEqual(big.frames[0]?.height ?? 0);
  });

  it('gif+frames (make-sprite v2): anim.gif then every frame PNG, and sheet.png + sheet.json beside', async () => {
    const out = await run(animateSpec({ frames: 49, end: file('end.png'), layout: 'gif+frames' }));
    const names = Array.from({ length: 49 }, (_, i) => `frame_${String(i).padStart(3, '0')}.png`);
    expect(out.value).toEqual({ files: ['anim.gif', ...names], metadata: 'sheet.json' });
    expect(await out.list()).toEqual(['anim.gif', ...names, 'pack.json', 'sheet.json', 'sheet.png', 'sprite_frames.tres'].sort());
    await expectCanvas(out, { w: 48, h: 40 });
    const at = placedAt(await toRaw(await out.read('frame_000.png')), images.start as RawImage);
    expect(at).not.toBeNull();
    expect(placedAt(await toRaw(await out.read('frame_048.png')), images.end as RawImage)).toEqual(at);
    expect(gifFrameCount(await out.read('anim.gif')).count).toBe(49);
    const frames = await sheetFrames(out);
    expect(await toRaw(await out.read('frame_020.png'))).toEqual(frames[20]);
  });

  it.each([
    ['loop', { text: 'walk' }],
    ['spin', { text: 'spin around' }],
    ['start to end', { end: file('pixelEnd.png', 24, 24), text: 'jump' }],
  ])('is_pixel (%s): only the inputs\' colours, binary alpha', async (_name, over) => {
    const out = await run(animateSpec({ start: file('pixelStart.png', 24, 24), isPixel: true, frames: 49, ...over }));
    const frames = await sheetFrames(out);
    const palette = paletteOf([images.pixelStart as RawImage, images.pixelEnd as RawImage]);
    for (const f of frames) {
      expect(usesOnlyPalette(f, palette)).toBe(true);
      expect(f.data.every((v, i) => i % 4 !== 3 || v === 0 || v === 255)).toBe(true);
    }
    await expectCanvas(out, { w: 24, h: 24 });
    const at = placedAt(frames[0] as RawImage, images.pixelStart as RawImage);
    expect(at).not.toBeNull();
    if ('end' in over) expect(placedAt(frames[48] as RawImage, images.pixelEnd as RawImage)).toEqual(at);
  });
});

describe('render: restyle', () => {
  it.each([
    ['GIF source, colour word', { source: inputFile(path('source.gif'), 30, 20, 'gif'), text: 'golden' }, 30, 20],
    ['PNG sheet with grid and reference', { source: file('source-sheet.png', 90, 40), grid: { columns: 3, rows: 2 }, text: '', reference: file('reference.png', 8, 8) }, 30, 20],
  ])('%s: 36 frames of the source size', async (_name, over, w, h) => {
    const out = await run({ kind: 'restyle', frames: 36, ...over } as JobSpec);
    expect(out.value).toEqual({ files: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' });
    const json = await out.json();
    expect(Object.keys(json.frames)).toHaveLength(36);
    expect(json.frames['0']?.sourceSize).toEqual({ w, h });
    expect(json.meta.frameTags[0]?.name).toBe('restyle');
    expect(gifFrameCount(await out.read('anim.gif')).count).toBe(36);
  });
});

describe('render: effect', () => {
  const bg = { r: 0x52, g: 0xff, b: 0x60 };
  it.each([
    ['v2, 4 frames', 4, 1024, 'fire burst'],
    ['v2, 9 frames', 9, 1024, 'ice shards'],
    ['v2, 16 frames', 16, 1024, 'poison cloud'],
    ['v1 2K', 16, 2048, 'lightning'],
    ['v1 4K', 16, 4096, 'magic portal'],
  ])('%s: square, opaque on its background, every frame drawn and different', async (_name, n, size, description) => {
    const out = await run({ kind: 'effect', description, frames: n, size, background: '#52FF60' });
    expect(out.value).toEqual({ files: ['sheet.png', 'sheet_transparent.png'], metadata: 'sheet.json' });
    const sheet = await toRaw(await out.read('sheet.png'));
    expect([sheet.width, sheet.height]).toEqual([size, size]);
    expect(sheet.data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    expect([...sheet.data.subarray(0, 3)]).toEqual([bg.r, bg.g, bg.b]);
    const json = await out.json();
    const columns = Math.ceil(Math.sqrt(n));
    expect(json.frames['0']?.frame).toEqual({ x: 0, y: 0, w: Math.floor(size / columns), h: Math.floor(size / columns) });
    const frames = cutFrames(sheet, Object.values(json.frames).map((f) => f.frame));
    const keys = new Set<string>();
    for (const f of frames) {
      let drawn = 0;
      for (let i = 0; i < f.data.length; i += 4) if (f.data[i] !== bg.r || f.data[i + 1] !== bg.g || f.data[i + 2] !== bg.b) drawn++;
      expect(drawn).toBeGreaterThan(100);
      keys.add(Buffer.from(f.data).toString('base64'));
    }
    expect(keys.size).toBe(n);
  });

  it('a reference image sets the particle colour', async () => {
    const out = await run({ kind: 'effect', description: 'sparkles', frames: 4, size: 1024, background: '#FFFFFF', reference: file('reference.png', 8, 8) });
    const sheet = await toRaw(await out.read('sheet.png'));
    // Somewhere the sheet is clearly blue (the reference's colour), not just background white.
    let blue = 0;
    for (let i = 0; i < sheet.data.length; i += 4) if ((sheet.data[i + 2] ?? 0) - (sheet.data[i] ?? 0) > 80) blue++;
    expect(blue).toBeGreaterThan(500);
  });
});

describe('render: overlay', () => {
  const overlaySpec = (output: { longestSide: number } | { scale: number }): OverlaySpec => ({
    kind: 'overlay', sheet: file('overlay-sheet.png', 120, 80), characters: [file('character.png', 10, 20)],
    rows: [{ row: 2, title: 'walk', description: 'walking' }], style: 'pixel', output,
  });

  it.each([
    [{ longestSide: 1024 }, 1024, 683],
    [{ scale: 1 }, 120, 80],
    [{ scale: 2 }, 240, 160],
  ])('%o: one sheet.png of %ix%i, the named row replaced', async (output, w, h) => {
    const out = await run(overlaySpec(output));
    expect(out.value).toEqual({ files: ['sheet.png'], metadata: 'sheet.json' });
    const img = await toRaw(await out.read('sheet.png'));
    expect([img.width, img.height]).toEqual([w, h]);
    const s = w / 120;
    const at = (x: number, y: number): number[] => {
      const i = (Math.floor(y * s) * img.width + Math.floor(x * s)) * 4;
      return [...img.data.subarray(i, i + 4)];
    };
    expect(at(20, 20)).toEqual([250, 0, 0, 255]); // row 1 untouched
    for (const c of [0, 1, 2]) expect(at(c * 40 + 20, 66)).toEqual([0, 250, 0, 255]); // row 2: the character
    // The old sprite spanned x 10..30; the character is fitted narrower, so x 11 was cleared.
    expect(at(11, 60)).toEqual([0, 0, 0, 0]);
    // sheet.json: the replaced row's three cells, in the output's pixels, as the one animation "walk".
    const json = await out.json();
    expect(json.meta.frameTags).toEqual([{ name: 'walk', from: 0, to: 2, direction: 'forward' }]);
    expect(json.meta.size).toEqual({ w, h });
    const sx = w / 120, sy = h / 80;
    const cell = (x: number, y: number) => ({ x: Math.round(x * sx), y: Math.round(y * sy), w: Math.round((x + 40) * sx) - Math.round(x * sx), h: Math.round((y + 40) * sy) - Math.round(y * sy) });
    expect(Object.values(json.frames).map((f) => f.frame)).toEqual([cell(0, 40), cell(40, 40), cell(80, 40)]);
    expect(Object.values(json.frames).map((f) => f.duration)).toEqual([80, 80, 90]);
    expect(await out.list()).toEqual(['pack.json', 'sheet.json', 'sheet.png', 'sprite_frames.tres']);
  });

  it('sheet.json: an animation per named row the sheet has, named by its title (a blank or repeated title by its row)', async () => {
    const rows = [
      { row: 2, title: 'walk', description: '' }, { row: 1, title: 'walk', description: '' },
      { row: 7, title: 'none', description: 'the sheet has 2 rows' },
    ];
    const out = await run({ ...overlaySpec({ scale: 1 }), rows });
    expect((await out.json()).meta.frameTags).toEqual([
      { name: 'walk', from: 0, to: 2, direction: 'forward' },
      { name: 'row 1', from: 3, to: 5, direction: 'forward' },
    ]);
    const tres = (await out.read('sprite_frames.tres')).toString('utf8');
    expect(tres.match(/"name": &"[^"]*"/g)).toEqual(['"name": &"walk"', '"name": &"row 1"']);
  });

  it('a title that reads as another row\'s fallback name still gives unique names', async () => {
    const rows = [{ row: 2, title: 'row 1', description: '' }, { row: 1, title: '', description: '' }];
    const out = await run({ ...overlaySpec({ scale: 1 }), rows });
    expect((await out.json()).meta.frameTags.map((t) => t.name)).toEqual(['row 1', 'row 1 (2)']);
  });

  it('no named row the sheet has: the sheet alone, no sheet.json', async () => {
    const out = await run({ ...overlaySpec({ scale: 1 }), rows: [{ row: 9, title: 'far', description: '' }] });
    expect(out.value).toEqual({ files: ['sheet.png'] });
    expect(await out.list()).toEqual(['sheet.png']);
  });
});

describe('render: image', () => {
  it('writes one 1024x1024 transparent PNG with a sprite in it', async () => {
    const out = await run({ kind: 'image', prompt: 'a red dragon', model: 'Gamma Pro', refs: [] });
    expect(out.value).toEqual({ files: ['image.png'] });
    const img = await toRaw(await out.read('image.png'));
    expect([img.width, img.height]).toEqual([1024, 1024]);
    expect(img.data[3]).toBe(0);
    expect(img.data.filter((v, i) => i % 4 === 3 && v === 255).length).toBeGreaterThan(50_000);
  });
});

describe('render: determinism and failures', () => {
  const specs: [string, JobSpec][] = [
    ['animate', animateSpec({ end: file('end.png') })],
    ['animate pixel', animateSpec({ start: file('pixelStart.png', 24, 24), isPixel: true, end: file('pixelEnd.png', 24, 24) })],
    ['restyle', { kind: 'restyle', frames: 36, text: 'ice', source: inputFile(path('source.gif'), 30, 20, 'gif') }],
    ['effect', { kind: 'effect', description: 'fire', frames: 9, size: 1024, background: '#6A6A6A' }],
    ['overlay', { kind: 'overlay', sheet: file('overlay-sheet.png'), characters: [file('character.png')], rows: [{ row: 1, title: '', description: '' }], output: { scale: 1 } }],
    ['image', { kind: 'image', prompt: 'blue slime', model: 'Gamma', refs: [file('reference.png')] }],
  ];

  it.each(specs)('%s: same inputs and seed, same bytes', async (_name, spec) => {
    const a = await run(spec, 'abc123');
    const b = await run(spec, 'abc123');
    const names = await a.list();
    expect(await b.list()).toEqual(names);
    for (const n of names) expect((await b.read(n)).equals(await a.read(n))).toBe(true);
  });

  it('answers render_failed with a short message instead of throwing', async () => {
    const outDir = path(`out-${runs++}`);
    const result = await render({ spec: animateSpec({ start: file('missing.png') }), outDir, seed: 'x' });
    expect(result).toMatchObject({ ok: false, code: 'render_failed' });
    if (!result.ok) {
      expect(result.message).toContain('missing.png');
      expect(result.message).not.toContain('\n');
    }
  });

  it('returns image_urls order in `files`', async () => {
    const out: RenderOutput = (await run(animateSpec({ frames: 36 }))).value;
    expect(out.files[0]).toBe('sheet.png');
  });
});
