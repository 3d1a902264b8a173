// video_restyle keeps its source's speed (docs/contract.md §3): the source loop repeated a whole number
// of times over the output, delays as close to 1/12 s as keeps that speed, the GIF and sheet.json
// (and the Godot export) playing the same delays; a sheet's empty trailing cells are not frames.
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAnimationFile } from '../../../../workers/codecs/decode.ts';
import { decodeGif, readGifStructure } from '../../../../workers/codecs/gif.ts';
import { retime, restyle } from '../../../../workers/engines/restyle/restyle.ts';
import { loopRepeats, spreadDelaysCs } from '../../../../workers/kernels/timing.ts';
import { render } from '../../../../workers/render.ts';
import type { RawImage } from '../../../../workers/types.ts';
import { gridSheet, onColor } from '../../../fixtures/gridSheet.ts';
import { paddedBeforeTrailer } from '../../../fixtures/lenientGifs.ts';
import { heroWalkFrames, heroWalkGif, png } from '../../../fixtures/sprites.ts';
import { inputFile } from '../../images.ts';
import { gifBytes } from '../../../fixtures/images.ts';

/** A 6x4 GIF (gifenc) with these delays as written, in centiseconds. */
const customDelaysGif = (delaysCs: number[]): Uint8Array => gifBytes({ width: 6, height: 4, frames: delaysCs.length, delaysCs });

const dir = mkdtempSync(join(tmpdir(), 'spritekiln-restyle-timing-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const sprite = (name: string): string => fileURLToPath(new URL(`../../../fixtures/sprites/${name}`, import.meta.url));

describe('loopRepeats and spreadDelaysCs', () => {
  it.each([
    ['an 8-frame 0.8 s walk over 36: 4 loops of 88.9 ms frames (3 give 66.7)', 800, 36, 4],
    ['a 4-frame 0.6 s walk over 36: 5 loops, exactly 12 fps', 600, 36, 5],
    ['a 4-frame 0.6 s walk over 100: 14 loops of 84 ms frames', 600, 100, 14],
    ['a 6-cell 12 fps strip over 36: 6 loops, one cell a frame', 500, 36, 6],
    ['a 24-cell sheet over 36: 55.6 and 111.1 ms tie, the fewer loops win', 2000, 36, 1],
    ['a 10 s GIF over 36: one loop of 278 ms frames', 10_000, 36, 1],
    ['one 20 ms frame over 100: 417 loops', 20, 100, 417],
  ])('%s', (_name, periodMs, count, repeats) => {
    expect(loopRepeats(periodMs, count)).toBe(repeats);
  });

  it('refuses a loop without length', () => {
    expect(() => loopRepeats(0, 36)).toThrow(/positive loop period/);
  });

  it('spreads 320 cs over 36 frames as 8, 9, 9, 9, ... with the total exact', () => {
    const delays = spreadDelaysCs(320, 36);
    expect(delays.slice(0, 9)).toEqual([8, 9, 9, 9, 9, 9, 9, 9, 9]);
    expect(sum(delays)).toBe(320);
    expect(Math.max(...delays) - Math.min(...delays)).toBeLessThanOrEqual(1);
  });

  it('refuses delays browsers would not play as written (under 2 cs)', () => {
    expect(() => spreadDelaysCs(71, 36)).toThrow(/total centiseconds/);
  });
});

/**
 * The measured floors: over `count` output frames, sum(delays) / repeats is the source period
 * within 15%, the source frames show in order (repeats loops, each from frame 0), and each source
 * frame is shown for about its share: as many output frames as sample points fall in its time.
 */
function expectSourceSpeed(delaysMs: number[], count: number): void {
  const { indices, delaysCs, timing } = retime(delaysMs, count);
  const period = sum(delaysMs);
  expect(timing).toMatchObject({ sourceFrames: delaysMs.length, sourcePeriodMs: period });
  expect(delaysCs).toHaveLength(count);
  expect(delaysCs.every((d) => Number.isInteger(d) && d >= 2)).toBe(true);
  const totalMs = sum(delaysCs) * 10;
  expect(timing.durationMs).toBe(totalMs);
  expect(Math.abs(totalMs / timing.repeats - period) / period).toBeLessThan(0.15);
  // Near 12 fps: the repeats chosen give the frame delay nearest 83.3 ms.
  const frameMs = (r: number): number => (r * period) / count;
  expect(Math.abs(frameMs(timing.repeats) - 1000 / 12)).toBeLessThanOrEqual(Math.abs(frameMs(timing.repeats + 1) - 1000 / 12));
  if (timing.repeats > 1) expect(Math.abs(frameMs(timing.repeats) - 1000 / 12)).toBeLessThanOrEqual(Math.abs(frameMs(timing.repeats - 1) - 1000 / 12));
  // In order: the index only goes back to 0 when a new loop starts, repeats - 1 times.
  expect(indices[0]).toBe(0);
  let wraps = 0;
  indices.forEach((k, i) => {
    if (i === 0 || k >= (indices[i - 1] ?? 0)) return;
    wraps++;
    expect(k).toBe(0);
  });
  if (delaysMs.length > 1) expect(wraps).toBe(timing.repeats - 1);
  // Its share: a source frame of d ms holds floor(d / o) or ceil(d / o) of the samples o ms apart
  // in each loop, so a frame held 300 ms shows about 3 times as often as one of 100 ms.
  const o = frameMs(timing.repeats);
  delaysMs.forEach((d, k) => {
    const shown = indices.filter((x) => x === k).length;
    expect(shown, `source frame ${k} (${d} ms)`).toBeGreaterThanOrEqual(timing.repeats * Math.floor(d / o));
    expect(shown, `source frame ${k} (${d} ms)`).toBeLessThanOrEqual(timing.repeats * Math.ceil(d / o));
  });
}

describe('retime keeps the source speed', () => {
  it.each([
    ['4 frames of 150 ms', [150, 150, 150, 150]],
    ['8 frames of 100 ms', [100, 100, 100, 100, 100, 100, 100, 100]],
    ['unequal delays: one frame held 300 ms', [100, 300, 100, 100]],
    ['a 6-cell 12 fps strip', [83, 84, 83, 83, 84, 83]],
    ['24 sheet cells at 12 fps', Array.from({ length: 24 }, (_, i) => Math.round(((i + 1) * 1000) / 12) - Math.round((i * 1000) / 12))],
    ['one frame of 4 s', [4000]],
  ])('%s, to 36 and 100 frames', (_name, delays) => {
    expectSourceSpeed(delays, 36);
    expectSourceSpeed(delays, 100);
  });

  it('a loop shorter than one 1/12 s frame keeps its speed too (each output frame samples it)', () => {
    const { delaysCs, timing } = retime([20, 20, 20], 36);
    expect(timing).toMatchObject({ sourcePeriodMs: 60, repeats: 50 });
    expect(sum(delaysCs) * 10).toBe(3000);
  });

  it('the 8-frame 0.8 s walk to 36 frames: 4 loops, GIF delays 8, 9, 9, 9, ... (88.9 ms), 3.2 s in all', () => {
    const { indices, delaysCs, timing } = retime(Array(8).fill(100), 36);
    expect(timing).toEqual({ sourceFrames: 8, sourcePeriodMs: 800, repeats: 4, durationMs: 3200 });
    expect(delaysCs.slice(0, 4)).toEqual([8, 9, 9, 9]);
    expect(indices.slice(0, 9)).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a source with no timing plays each frame 100 ms, as browsers play a 0 delay', () => {
    // 7 loops give 77.8 ms frames, 8 give 88.9: a tie, the fewer loops win.
    expect(retime([0, 0, 0, 0], 36).timing).toMatchObject({ sourcePeriodMs: 400, repeats: 7 });
  });
});

describe('restyle: real sources', () => {
  it('a GIF\'s delays are the ones browsers play: 0 and 1 cs as 10 cs, 2 cs as written', async () => {
    const path = join(dir, 'tiny-delays.gif');
    await writeFile(path, customDelaysGif([0, 1, 2, 30]));
    const source = await decodeAnimationFile(path);
    expect(source.delaysMs).toEqual([100, 100, 20, 300]);
    const out = restyle({ source, frames: 36, text: 'red', seed: 's' });
    expect(out.timing).toMatchObject({ sourceFrames: 4, sourcePeriodMs: 520 });
    expect(Math.abs((sum(out.delaysCs) * 10) / out.timing.repeats - 520) / 520).toBeLessThan(0.15);
  });

  it.each(['mage-walk.gif', 'skeleton-walk.gif'])('%s (4 frames at 150 ms) keeps its 0.6 s loop', async (name) => {
    const source = await decodeAnimationFile(sprite(name));
    expect(source.delaysMs).toEqual([150, 150, 150, 150]);
    for (const frames of [36, 100]) {
      const out = restyle({ source, frames, text: 'golden', seed: 's' });
      expect(out.frames).toHaveLength(frames);
      expect(out.timing.sourcePeriodMs).toBe(600);
      expect(Math.abs((sum(out.delaysCs) * 10) / out.timing.repeats - 600) / 600).toBeLessThan(0.15);
    }
  });

  it('the 6-frame wizard strip plays one cell an output frame, 6 loops over 36', async () => {
    const source = await decodeAnimationFile(sprite('wizard-32-side-run-strip-6f.png'), { columns: 6, rows: 1 });
    const out = restyle({ source, frames: 36, text: 'ice', seed: 's' });
    expect(out.timing).toEqual({ sourceFrames: 6, sourcePeriodMs: 500, repeats: 6, durationMs: 3000 });
  });
});

/** True when no pixel of the frame differs from the background (transparent, or `bg` everywhere). */
function isBlank(f: RawImage, bg?: readonly number[]): boolean {
  for (let i = 0; i < f.data.length; i += 4) {
    if ((f.data[i + 3] ?? 0) === 0) continue;
    if (!bg || [0, 1, 2].some((c) => Math.abs((f.data[i + c] ?? 0) - (bg[c] ?? 0)) > 6)) return false;
  }
  return true;
}

describe('restyle: a sheet with empty trailing cells gives no blank frame', () => {
  const walk = heroWalkFrames(4, 24);
  const BG = [236, 232, 214, 255];
  it.each([
    ['transparent', gridSheet(walk, 3, 2), undefined],
    ['on a flat background', gridSheet(walk.map((f) => onColor(f, BG)), 3, 2, BG), BG],
  ])('4 poses in a 3x2 grid, %s', async (_name, sheet, bg) => {
    const path = join(dir, `cells-${bg ? 'flat' : 'alpha'}.png`);
    await writeFile(path, await png(sheet));
    const source = await decodeAnimationFile(path, { columns: 3, rows: 2 });
    for (const frames of [36, 100]) {
      const out = restyle({ source, frames, text: 'red', seed: 's' });
      expect(out.frames.filter((f) => isBlank(f, bg))).toHaveLength(0);
      expect(out.timing.sourceFrames).toBe(4);
    }
  });

  it('the real adventurer sheet (9x3, last 3 cells empty): 24 frames, none blank', async () => {
    const source = await decodeAnimationFile(sprite('adventurer-cartoon-sheet-9x3-80x110.png'), { columns: 9, rows: 3 });
    const out = restyle({ source, frames: 36, text: 'silver', seed: 's' });
    expect(out.timing).toMatchObject({ sourceFrames: 24, sourcePeriodMs: 2000 });
    expect(out.frames.filter((f) => isBlank(f))).toHaveLength(0);
  });
});

describe('render: the restyle files play at the source speed', () => {
  it('the padded GIF: anim.gif, sheet.json and sprite_frames.tres carry the same delays; meta.timing records the loop', async () => {
    const out = join(dir, 'render');
    await mkdir(out);
    await writeFile(join(dir, 'walk.gif'), paddedBeforeTrailer(heroWalkGif(4, 32, 15)));
    const result = await render({
      spec: { kind: 'restyle', text: 'golden', frames: 36, source: inputFile(join(dir, 'walk.gif'), 32, 32, 'gif') },
      outDir: out,
      seed: 'abc',
    });
    expect(result).toEqual({ ok: true, value: { files: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' } });
    const gifBytes = new Uint8Array(await readFile(join(out, 'anim.gif')));
    const gifDelaysCs = readGifStructure(gifBytes).frames.map((f) => f.delayCs);
    expect(gifDelaysCs).toHaveLength(36);
    expect(sum(gifDelaysCs)).toBe(300); // 5 loops of 0.6 s
    expect(decodeGif(gifBytes).frames).toHaveLength(36);
    const json = JSON.parse(await readFile(join(out, 'sheet.json'), 'utf8')) as { frames: Record<string, { duration: number }>; meta: { timing: unknown; plan: unknown } };
    expect(Object.values(json.frames).map((f) => f.duration)).toEqual(gifDelaysCs.map((cs) => cs * 10));
    expect(json.meta.timing).toEqual({ sourceFrames: 4, sourcePeriodMs: 600, repeats: 5, durationMs: 3000 });
    expect(json.meta.plan).toMatchObject({ material: 'gold' });
    // Godot: speed ticks a second, each frame `duration` ticks: the same milliseconds.
    const tres = await readFile(join(out, 'sprite_frames.tres'), 'utf8');
    const speed = Number(/"speed": ([\d.]+)/.exec(tres)?.[1]);
    const ticks = [...tres.matchAll(/"duration": ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(ticks.map((t) => Math.round((t * 1000) / speed))).toEqual(gifDelaysCs.map((cs) => cs * 10));
  });

  it('an 8-frame 0.8 s walk to 100 frames: 10 loops of 80 ms frames, not 8.3 s of judder', async () => {
    const out = join(dir, 'render100');
    await mkdir(out);
    await writeFile(join(dir, 'walk8.gif'), heroWalkGif(8, 32, 10));
    await render({ spec: { kind: 'restyle', text: 'ice', frames: 100, source: inputFile(join(dir, 'walk8.gif'), 32, 32, 'gif') }, outDir: out, seed: 'abc' });
    const json = JSON.parse(await readFile(join(out, 'sheet.json'), 'utf8')) as { frames: Record<string, { duration: number }>; meta: { timing: { repeats: number } } };
    const durations = Object.values(json.frames).map((f) => f.duration);
    expect(json.meta.timing.repeats).toBe(10);
    expect(sum(durations)).toBe(8000);
    expect(new Set(durations)).toEqual(new Set([80]));
  });
});
