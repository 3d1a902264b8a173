// The job page's player in Debian's Chromium against a real server: frames shown for sheet.json's
// durations (read under a controlled clock, with durations rewritten so a player that ignored them
// would fail), speed, ping-pong order, onion skin, zoom, and pixel art drawn crisp (every pixel of
// the sprite at 4x is the sheet's own colour or the background). A make-sprite job plays from its
// sheet and lists its frames compactly; an image job has the same zoom and background; gallery
// thumbnails of pixel art are whole-number scales. Its own browser: the controlled clock belongs to
// the browser context, and the other dashboard tests need a real one.
import { stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelKnight, pixelSlime, png } from '../fixtures/sprites.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { launchChromium, type Browser } from '../plugins/phaser/browser.ts';
import { alpha, canvasPixels, createJob, finished, hex, rgba, shownFrame, signedInPage, type JobAnswer, type Pixels } from './pages.ts';

const SHOTS = fileURLToPath(new URL('../../web/screenshots/', import.meta.url));
/** The checkerboard's two colours (web/app.js CHECKER). */
const CHECKER = new Set(['23252e', '2a2c36']);

interface Rect { x: number; y: number; w: number; h: number }
interface SheetJson {
  frames: Record<string, { frame: Rect; duration: number }> | { frame: Rect; duration: number }[];
  meta: { image: string; frameTags: { name: string; from: number; to: number }[]; pivot?: { x: number; y: number } };
}

let server: TestServer;
let browser: Browser;
let knight: { id: string; job: JobAnswer; sheet: SheetJson; rects: Rect[]; pixels: Pixels };
let slime: { id: string; job: JobAnswer };
let upscale: { id: string; job: JobAnswer };

async function sheetOf(job: JobAnswer) {
  const sheet = (await (await fetch(job.metadata_url!)).json()) as SheetJson;
  const frames = Array.isArray(sheet.frames) ? sheet.frames : Object.values(sheet.frames);
  const image = new Uint8Array(await (await fetch(new URL(sheet.meta.image, job.metadata_url).href)).arrayBuffer());
  return { sheet, rects: frames.map((f) => f.frame), pixels: await rgba(image) };
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const key = server.key;
  const ids = await Promise.all([
    createJob(server, key, '/sprite/zenith', { mode: 'image_to_video', text: 'walk', frame: '36', is_pixel: 'true' }, { images: [await png(pixelKnight())] }),
    createJob(server, key, '/sprite/make-sprite/v1', { text: 'jump', frame: '25', is_pixel: 'true' }, { image: [await png(pixelSlime())] }),
    createJob(server, key, '/image-tune/upscale', { scale: '1K' }, { image: [await png(pixelKnight())] }),
  ]);
  const [k, s, u] = await Promise.all(ids.map((id) => finished(server, key, id)));
  knight = { id: ids[0]!, job: k!, ...(await sheetOf(k!)) };
  slime = { id: ids[1]!, job: s! };
  upscale = { id: ids[2]!, job: u! };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Durations unlike the sheet's own (80/80/90 ms), varied so a player on a fixed rate falls out of step. */
const DURATIONS = [120, 360, 200, 280, 160, 440];
const rewritten = (i: number) => DURATIONS[i % DURATIONS.length]!;

/** The knight's page under a controlled clock, its sheet.json durations rewritten, the player paused on frame 0. */
async function clockedPlayer() {
  const { page, errors } = await signedInPage(browser, server.key);
  await page.clock.install();
  await page.route(`**/${knight.id}/sheet.json`, async (route) => {
    const res = await route.fetch();
    const json = (await res.json()) as SheetJson;
    const frames = Array.isArray(json.frames) ? json.frames : Object.values(json.frames);
    frames.forEach((f, i) => (f.duration = rewritten(i)));
    await route.fulfill({ response: res, json });
  });
  await page.goto(`${server.url}/#/job/${knight.id}`);
  await page.waitForSelector('#player[data-ready]');
  await page.clock.pauseAt(Number(await page.evaluate('Date.now()')) + 1000);
  await page.keyboard.press('Home');
  expect(await page.getAttribute('#player', 'data-playing')).toBe('false');
  expect(await shownFrame(page)).toBe(0);
  return { page, errors };
}

/**
 * Plays from the first frame of `order` and reads the shown frame 20 ms after each frame should
 * appear and 20 ms before it should give way (requestAnimationFrame ticks every 16 ms).
 */
async function expectPlays(page: Page, order: number[], speed = 1) {
  let t = 0;
  const advanceTo = async (target: number) => {
    await page.clock.runFor(target - t);
    t = target;
  };
  await page.click('#player-play');
  let start = 0;
  const seen: number[][] = [];
  for (const frame of order) {
    const end = start + rewritten(frame) / speed;
    await advanceTo(start + 20);
    const early = await shownFrame(page);
    await advanceTo(end - 20);
    seen.push([early, await shownFrame(page)]);
    start = end;
  }
  expect(seen).toEqual(order.map((f) => [f, f]));
  await page.click('#player-play'); // pause
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the player', () => {
  it('shows each frame for its sheet.json duration, loops, and speed divides the durations', async () => {
    const { page, errors } = await clockedPlayer();
    expect(await page.textContent('#player-duration')).toBe(`${rewritten(0)} ms`);
    // Every frame once, and round again (a loop goes back to 0).
    await expectPlays(page, [...range(0, 35), 0, 1, 2]);
    await page.keyboard.press('Home');
    await page.selectOption('#player-speed', '2');
    await expectPlays(page, range(0, 7), 2);
    await page.keyboard.press('Home');
    await page.selectOption('#player-speed', '0.5');
    await expectPlays(page, range(0, 3), 0.5);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('ping-pong plays 0..35, back to 0 without repeating the ends, by time and step by step', async () => {
    const { page, errors } = await clockedPlayer();
    await page.selectOption('#player-mode', 'pingpong');
    await page.keyboard.press('Home');
    await expectPlays(page, [...range(0, 35), ...range(1, 34).reverse(), 0, 1]);
    // Stepping follows the same order: → from 0 turns at 35, ← goes back the way it came.
    await page.keyboard.press('Home');
    const stepped: number[] = [];
    for (let i = 0; i < 72; i++) {
      await page.keyboard.press('ArrowRight');
      stepped.push(await shownFrame(page));
    }
    expect(stepped).toEqual([...range(1, 35), ...range(1, 34).reverse(), 0, 1, 2]);
    await page.click('#player-prev');
    expect(await shownFrame(page)).toBe(1);
    // The step shows the frame's own duration.
    expect(await page.getAttribute('#player-duration', 'data-ms')).toBe(String(rewritten(1)));
    await page.selectOption('#player-mode', 'loop');
    await page.keyboard.press('End');
    expect(await shownFrame(page)).toBe(35);
    await page.keyboard.press('ArrowRight');
    expect(await shownFrame(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('onion skin draws the frame shown before, faint, under the current one', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/job/${knight.id}`);
    await page.waitForSelector('#player[data-ready]');
    await page.selectOption('#player-zoom', '1');
    await page.keyboard.press('Home');
    // A frame that differs from the one before it.
    const sheet = knight.pixels;
    const frameAt = (f: number, x: number, y: number) => ({ a: alpha(sheet, knight.rects[f]!.x + x, knight.rects[f]!.y + y), c: hex(sheet, knight.rects[f]!.x + x, knight.rects[f]!.y + y) });
    const { w, h } = knight.rects[0]!;
    const differs = (f: number) => {
      let n = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (frameAt(f, x, y).a === 0 && frameAt(f - 1, x, y).a === 255) n++;
      return n;
    };
    const k = range(1, 35).find((f) => differs(f) > 5)!;
    expect(k).toBeDefined();
    for (let i = 0; i < k; i++) await page.keyboard.press('ArrowRight');
    expect(await shownFrame(page)).toBe(k);

    const off = await canvasPixels(page);
    expect([off.width, off.height]).toEqual([w, h]);
    await page.click('#player-onion');
    const on = await canvasPixels(page);
    let underneath = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const cur = frameAt(k, x, y);
        const prev = frameAt(k - 1, x, y);
        // Without onion skin: exactly frame k.
        expect(alpha(off, x, y)).toBe(cur.a);
        if (cur.a === 255) {
          expect(hex(off, x, y)).toBe(cur.c);
          expect(hex(on, x, y)).toBe(cur.c); // the current frame covers the previous one
          expect(alpha(on, x, y)).toBe(255);
        } else if (prev.a === 255) {
          // Frame k-1 shows through, at about a third of full strength, in its own colour.
          underneath++;
          expect(alpha(on, x, y)).toBeGreaterThan(60);
          expect(alpha(on, x, y)).toBeLessThan(120);
          const i = (y * w + x) * 4;
          const p = parseInt(prev.c, 16);
          expect(Math.abs(on.data[i]! - (p >> 16))).toBeLessThanOrEqual(4);
          expect(Math.abs(on.data[i + 1]! - ((p >> 8) & 255))).toBeLessThanOrEqual(4);
          expect(Math.abs(on.data[i + 2]! - (p & 255))).toBeLessThanOrEqual(4);
        } else expect(alpha(on, x, y)).toBe(0);
      }
    }
    expect(underneath).toBe(differs(k));
    // Off again: frame k alone.
    await page.click('#player-onion');
    expect((await canvasPixels(page)).data).toEqual(off.data);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('zooms by whole numbers 1-8 (select and +/-), the canvas drawn at that size with no CSS scaling', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/job/${knight.id}`);
    await page.waitForSelector('#player[data-ready]');
    const { w, h } = knight.rects[0]!;
    const size = async () => {
      const box = await page.locator('#player-canvas').boundingBox();
      const backing = (await page.evaluate(`(() => { const c = document.querySelector('#player-canvas'); return [c.width, c.height]; })()`)) as number[];
      expect([box!.width, box!.height]).toEqual(backing); // shown at its own size
      return backing;
    };
    // Opens at the largest whole zoom that fits (a 34 px knight: 8x).
    expect(await page.inputValue('#player-zoom')).toBe('8');
    expect(await size()).toEqual([w * 8, h * 8]);
    for (const z of [1, 3, 5]) {
      await page.selectOption('#player-zoom', String(z));
      expect(await size()).toEqual([w * z, h * z]);
    }
    await page.keyboard.press('+');
    expect(await page.inputValue('#player-zoom')).toBe('6');
    expect(await size()).toEqual([w * 6, h * 6]);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await size()).toEqual([w * 4, h * 4]);
    expect(await page.getAttribute('#player-canvas', 'class')).toContain('pixelated');
    expect(await page.getAttribute('#player', 'data-art')).toBe('pixel');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pixel art at 4x is crisp: every pixel is the sheet\'s colour or the background, on a checkerboard or a chosen colour', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/job/${knight.id}`);
    await page.waitForSelector('#player[data-ready]');
    await page.selectOption('#player-zoom', '4');
    await page.keyboard.press('Home');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    const frame = await shownFrame(page);
    const rect = knight.rects[frame]!;
    const palette = new Set<string>();
    for (let y = 0; y < knight.pixels.height; y++) for (let x = 0; x < knight.pixels.width; x++) if (alpha(knight.pixels, x, y) === 255) palette.add(hex(knight.pixels, x, y));

    const check = async (background: Set<string>) => {
      // The canvas as it reached the screen. Its layout box may start between pixels; Chromium draws
      // it snapped to the nearest one.
      const box = (await page.locator('#player-canvas').boundingBox())!;
      const shot = await rgba(await page.screenshot({ clip: { x: Math.round(box.x), y: Math.round(box.y), width: rect.w * 4, height: rect.h * 4 } }));
      expect([shot.width, shot.height]).toEqual([rect.w * 4, rect.h * 4]);
      let sprite = 0;
      for (let y = 0; y < shot.height; y++) {
        for (let x = 0; x < shot.width; x++) {
          const sx = rect.x + Math.floor(x / 4);
          const sy = rect.y + Math.floor(y / 4);
          const got = hex(shot, x, y);
          if (alpha(knight.pixels, sx, sy) === 255) {
            sprite++;
            if (got !== hex(knight.pixels, sx, sy)) throw new Error(`(${x}, ${y}) is #${got}, the sheet's pixel is #${hex(knight.pixels, sx, sy)}`);
          } else if (!background.has(got)) throw new Error(`(${x}, ${y}) is #${got}: neither the sheet's nor the background's`);
          if (!palette.has(got) && !background.has(got)) throw new Error(`(${x}, ${y}) is #${got}, an intermediate colour`);
        }
      }
      expect(sprite).toBeGreaterThan(16 * 100);
      return shot;
    };
    await check(CHECKER);
    await page.click('.bg-control .swatch[data-color="#ffffff"]');
    await check(new Set(['ffffff']));
    // Any colour, from the colour input.
    await page.fill('.bg-control input[type=color]', '#3366cc');
    await check(new Set(['3366cc']));
    await page.click('.bg-control .bg-checker');
    await check(CHECKER);

    const shot = `${SHOTS}player.png`;
    if (process.env.UPDATE === '1' || (await stat(shot).then(() => false, () => true))) {
      await page.click('#player-onion');
      await page.click('#player-pivot');
      await page.click('#player-rig');
      await page.selectOption('#player-zoom', '8');
      await writeFile(shot, await page.locator('#player').screenshot());
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a make-sprite job plays from its sheet and lists its 25 frames compactly', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/job/${slime.id}`);
    await page.waitForSelector('#player[data-ready]');
    expect(slime.job.image_urls.length).toBe(26); // anim.gif and 25 frames
    expect(await page.getAttribute('#player', 'data-frames')).toBe('25');
    expect(await page.locator('#player-timeline .cell').count()).toBe(25);
    // One picture per output but the frames: the GIF.
    expect(await page.locator('.outputs img').count()).toBe(1);
    expect(await page.locator('img[src*="frame_"]').count()).toBe(0);
    expect(await page.textContent('#frame-files summary')).toContain('25 frame PNGs (frame_000.png – frame_024.png)');
    expect(await page.locator('#frame-files a').count()).toBe(25);
    expect(await page.isVisible('#frame-files a')).toBe(false); // folded
    // The sheet image is offered though image_urls leaves it out.
    await page.waitForSelector('#files a:has-text("sheet.png")');
    const snippets = (await page.textContent('#snippets'))!;
    expect(snippets).toContain('for n in $(seq -f %03g 0 24)');
    expect(snippets.split('\n').length).toBeLessThan(30);
    // The whole page is a few screens, not 25 thumbnails and 25 buttons.
    expect(Number(await page.evaluate('document.documentElement.scrollHeight'))).toBeLessThan(2000);
    // Clicking a frame in the timeline shows it (and pauses).
    await page.click('#player-timeline .cell[data-frame="12"]');
    expect(await shownFrame(page)).toBe(12);
    expect(await page.getAttribute('#player', 'data-playing')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an image job has the same zoom and background; an upscaled sprite stays crisp', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/job/${upscale.id}`);
    await page.waitForSelector('#image-viewer[data-ready]');
    const img = page.locator('#viewer-image');
    // 1024 px: bigger than the page, so it opens fitted, a whole number of screen pixels per art pixel (32 px).
    expect(await page.inputValue('#viewer-zoom')).toBe('fit');
    expect(await img.getAttribute('class')).toContain('pixelated');
    const fitted = (await img.boundingBox())!;
    expect(fitted.width % 32).toBe(0);
    expect(fitted.width).toBeLessThan(1024);
    await page.selectOption('#viewer-zoom', '1');
    expect((await img.boundingBox())!.width).toBe(1024);
    await page.selectOption('#viewer-zoom', 'fit');
    await page.click('.bg-control .swatch[data-color="#000000"]');
    const shot = await rgba(await img.screenshot());
    // Each art pixel is a uniform square of fitted.width / 32 screen pixels.
    const block = fitted.width / 32;
    for (let y = 0; y < shot.height; y++) for (let x = 0; x < shot.width; x++) {
      const bx = Math.floor(x / block) * block;
      const by = Math.floor(y / block) * block;
      if (hex(shot, x, y) !== hex(shot, bx, by)) throw new Error(`(${x}, ${y}) differs from its art pixel's corner (${bx}, ${by})`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gallery thumbnails scale pixel art by whole numbers, crisp', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await page.goto(`${server.url}/#/`);
    const thumb = page.locator(`.card[data-job="${knight.id}"] img`);
    await page.waitForSelector(`.card[data-job="${knight.id}"] img[data-scale]`);
    expect(await thumb.getAttribute('data-art')).toBe('pixel');
    const scale = Number(await thumb.getAttribute('data-scale'));
    expect(Number.isInteger(scale) && scale >= 3).toBe(true);
    expect(await thumb.getAttribute('class')).toContain('pixelated');
    const box = (await thumb.boundingBox())!;
    const natural = (await page.evaluate(`(() => { const img = document.querySelector('.card[data-job="${knight.id}"] img'); return [img.naturalWidth, img.naturalHeight]; })()`)) as number[];
    expect([box.width, box.height]).toEqual([natural[0]! * scale, natural[1]! * scale]);
    const upscaled = page.locator(`.card[data-job="${upscale.id}"] img`);
    await page.waitForSelector(`.card[data-job="${upscale.id}"] img[data-scale]`);
    // 1024 px of 32 px art pixels: a whole number of screen pixels per art pixel.
    expect(Number.isInteger(Number(await upscaled.getAttribute('data-scale')) * 32)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
