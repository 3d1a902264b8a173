// The playground in Debian's Chromium against a real server: the kinds across the top, the price
// shown before submitting (every kind and every value of its fields held against the server's own
// cost functions, then real submissions compared with the balance they took, a restyle priced from
// its GIF's length or its sheet's grid), previews of the chosen files, and a price over the balance
// flagged before the server refuses it.
import { stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_ENDPOINTS, UNVERSIONED } from '../../server/routes/creation.ts';
import { M } from '../../schemas/messages.ts';
import { encodeGif } from '../../workers/codecs/encode.ts';
import { hero, heroWalkGif, heroWalkSheet, pixelKnight, pixelSlime, png } from '../fixtures/sprites.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { launchChromium, type Browser } from '../plugins/phaser/browser.ts';
import { balance, signedInPage } from './pages.ts';

const SHOTS = fileURLToPath(new URL('../../web/screenshots/', import.meta.url));

interface Prop { type?: string; enum?: (string | number)[]; default?: unknown }
interface FormSchema { properties: Record<string, Prop>; required: string[] }

let server: TestServer;
let browser: Browser;
let schemas: Record<string, FormSchema>;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: FormSchema }> } } }> };
  schemas = Object.fromEntries(Object.keys(CREATION_ENDPOINTS).map((path) => [path, doc.paths[`/public/v1${path}`]!.post!.requestBody.content['multipart/form-data']!.schema]));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const OFFERED = Object.keys(CREATION_ENDPOINTS).filter((path) => !(path in UNVERSIONED));
const valuesOf = (prop: Prop) => (prop.enum ?? [true, false]).map(String);
/** A form value as the server's schema reads it. */
const typed = (prop: Prop | undefined, value: string) => (prop?.type === 'integer' ? Number(value) : prop?.type === 'boolean' ? value === 'true' : value);

async function playground(page: Page, path: string) {
  await page.goto(`${server.url}/#/new${path}`);
  await page.waitForSelector(`#endpoint-form[data-endpoint="/public/v1${path}"]`);
}

const shownPrice = async (page: Page) => page.getAttribute('#price', 'data-credits');

describe('playground', () => {
  it('lists the kinds across the top of the page, above the form', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await playground(page, '/sprite/zenith');
    expect(await page.locator('.playground nav li').count()).toBe(OFFERED.length);
    const kinds = (await page.locator('nav.kinds').boundingBox())!;
    const form = (await page.locator('#endpoint-form').boundingBox())!;
    expect(kinds.y + kinds.height).toBeLessThan(form.y);
    expect(kinds.height).toBeLessThan(160); // a few rows, not a column of fifteen
    expect(kinds.width).toBeGreaterThan(form.width);
    expect(await page.textContent('nav.kinds a.current')).toBe('zenith');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows for every kind and every value of its fields the price the server\'s cost function charges', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    let checked = 0;
    for (const path of OFFERED) {
      const endpoint = CREATION_ENDPOINTS[path]!;
      const schema = schemas[path]!;
      await playground(page, path);
      expect(await page.textContent('#price')).not.toContain('not known');
      const choices = Object.entries(schema.properties).filter(([, p]) => p.enum || p.type === 'boolean');
      // Required choices set (a form the server would take), then every value of every choice in turn.
      const baseline = Object.fromEntries(choices.filter(([name]) => schema.required.includes(name)).map(([name, p]) => [name, valuesOf(p)[0]!]));
      const cases = [baseline, ...choices.flatMap(([name, p]) => valuesOf(p).map((v) => ({ ...baseline, [name]: v })))];
      for (const chosen of cases) {
        if (path === '/sprite/zenith' && chosen.mode === 'video_restyle') continue; // priced from its source: below
        await page.evaluate(`(() => {
          const form = document.querySelector('#endpoint-form');
          const chosen = ${JSON.stringify(chosen)};
          for (const el of form.querySelectorAll('select')) el.value = chosen[el.name] ?? '';
          form.dispatchEvent(new Event('input'));
        })()`);
        const input: Record<string, unknown> = {};
        for (const [name, prop] of Object.entries(schema.properties)) if (prop.default !== undefined) input[name] = prop.default;
        for (const [name, value] of Object.entries(chosen)) input[name] = typed(schema.properties[name], value);
        let expected: number | undefined;
        try {
          expected = endpoint.cost(input, { mode: input.mode });
        } catch {
          expected = undefined;
        }
        const label = `${path} ${JSON.stringify(chosen)}`;
        // A price where the server names one; none (a range, "depends on ...") where the form does not decide it yet.
        expect(`${label}: ${await shownPrice(page)}`).toBe(`${label}: ${Number.isFinite(expected) ? expected : ''}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('the price shown before submitting is what the balance drops by', async () => {
    const user = server.addUser(1000);
    await server.store.flush();
    const { page, errors } = await signedInPage(browser, user.key);
    const longGif = heroWalkGif(8, 48, 70); // 5.6 s: a restyle makes 100 frames
    const shortGif = heroWalkGif(8, 48, 10); // 0.8 s: 36 frames
    const gif = (name: string, buffer: Uint8Array) => ({ name, mimeType: 'image/gif', buffer: Buffer.from(buffer) });
    const pngFile = async (name: string, bytes: Promise<Uint8Array> | Uint8Array) => ({ name, mimeType: 'image/png', buffer: Buffer.from(await bytes) });
    const scenarios: { path: string; fill: () => Promise<void>; credits: number; why?: string }[] = [
      {
        path: '/sprite/zenith', credits: 25, why: 'frame 100',
        fill: async () => {
          await page.selectOption('#f-mode', 'image_to_video');
          await page.setInputFiles('#f-images', await pngFile('hero.png', png(hero(64))));
          await page.fill('#f-text', 'walk');
          await page.selectOption('#f-frame', '100');
        },
      },
      {
        path: '/sprite/zenith', credits: 25, why: 'walk.gif: 8 frames, 5.60 s: longer than 5 s',
        fill: async () => {
          await page.selectOption('#f-mode', 'video_restyle');
          await page.setInputFiles('#f-images', gif('walk.gif', longGif));
          await page.fill('#f-text', 'golden');
        },
      },
      {
        path: '/sprite/zenith', credits: 9, why: 'short.gif: 8 frames, 0.80 s: at most 5 s',
        fill: async () => {
          await page.selectOption('#f-mode', 'video_restyle');
          await page.setInputFiles('#f-images', gif('short.gif', shortGif));
          await page.fill('#f-text', 'golden');
        },
      },
      {
        path: '/sprite/zenith', credits: 25, why: 'a sheet of 64 frames: at least 61 frames',
        fill: async () => {
          await page.selectOption('#f-mode', 'video_restyle');
          await page.setInputFiles('#f-images', await pngFile('sheet.png', heroWalkSheet(8, 8, 24)));
          await page.fill('#f-text', 'ice');
          await page.fill('#f-sprite_grid', '{"columns": 8, "rows": 8}');
        },
      },
      {
        path: '/sprite/pulsar', credits: 4, why: 'mode video_restyle',
        fill: async () => {
          await page.selectOption('#f-mode', 'video_restyle');
          await page.setInputFiles('#f-images', gif('walk.gif', longGif));
          await page.fill('#f-text', 'ghost');
        },
      },
      {
        path: '/sprite/make-sprite/v1', credits: 11, why: 'frame 64',
        fill: async () => {
          await page.setInputFiles('#f-image', await pngFile('slime.png', png(pixelSlime())));
          await page.fill('#f-text', 'jump');
          await page.selectOption('#f-frame', '64');
          await page.selectOption('#f-is_pixel', 'true');
        },
      },
      {
        path: '/image-tune/upscale', credits: 2, why: 'scale 2K',
        fill: async () => {
          await page.setInputFiles('#f-image', await pngFile('knight.png', png(pixelKnight())));
          await page.selectOption('#f-scale', '2K');
        },
      },
      {
        path: '/generate/image', credits: 2, why: 'one price',
        fill: async () => {
          await page.fill('#f-prompt', 'a blue potion');
          await page.selectOption('#f-ai_model', 'Gamma');
        },
      },
    ];
    for (const s of scenarios) {
      await playground(page, s.path);
      await s.fill();
      await page.waitForFunction(`document.querySelector('#price').dataset.credits === '${s.credits}'`, undefined, { timeout: 5000 }).catch(() => {});
      expect(`${s.path} ${s.why}: ${await shownPrice(page)}`).toBe(`${s.path} ${s.why}: ${s.credits}`);
      const before = await balance(server, user.key);
      await page.waitForSelector(`#price-after:has-text("Balance after: ${before - s.credits}")`, { timeout: 5000 });
      if (s.why) expect(await page.textContent('#price-why')).toBe(s.why);
      if (s.path === '/sprite/zenith' && s.why?.includes('walk.gif')) {
        await page.waitForSelector('#preview-images img[data-art]');
        expect(await page.textContent('#preview-images figcaption')).toBe('walk.gif · 48×48 · 8 frames, 5.60 s');
        const shot = `${SHOTS}playground.png`;
        if (process.env.UPDATE === '1' || (await stat(shot).then(() => false, () => true))) await writeFile(shot, await page.screenshot());
      }
      await page.click('button:has-text("Submit")');
      await page.waitForSelector('[data-job-page]');
      expect(`${s.path} ${s.why}: charged ${before - (await balance(server, user.key))}`).toBe(`${s.path} ${s.why}: charged ${s.credits}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('previews the chosen images, pixel art crisp', async () => {
    const { page, errors } = await signedInPage(browser, server.key);
    await playground(page, '/sprite/zenith');
    await page.selectOption('#f-mode', 'first_last_frame');
    await page.setInputFiles('#f-images', [
      { name: 'knight.png', mimeType: 'image/png', buffer: Buffer.from(await png(pixelKnight())) },
      { name: 'hero.png', mimeType: 'image/png', buffer: Buffer.from(await png(hero(200))) },
    ]);
    await page.waitForSelector('#preview-images figure:nth-child(2) img[data-art]');
    const knight = page.locator('#preview-images figure:nth-child(1) img');
    expect(await knight.getAttribute('data-art')).toBe('pixel');
    expect(await knight.getAttribute('data-scale')).toBe('3'); // 32 px into a 96 px box
    expect(await knight.getAttribute('class')).toContain('pixelated');
    const big = page.locator('#preview-images figure:nth-child(2) img');
    expect(await big.getAttribute('data-art')).toBe('smooth');
    expect(Number(await big.getAttribute('data-scale'))).toBeLessThan(1);
    expect(await page.textContent('#preview-images figure:nth-child(1) figcaption')).toBe('knight.png · 32×32');
    // GIFs: hard alpha and a palette whatever they show, so only a few colours make one pixel art.
    await page.selectOption('#f-mode', 'video_restyle');
    await page.setInputFiles('#f-images', { name: 'walk.gif', mimeType: 'image/gif', buffer: Buffer.from(heroWalkGif(8, 48, 10)) });
    await page.waitForSelector('#preview-images img[data-art]');
    expect(await page.getAttribute('#preview-images img', 'data-art')).toBe('smooth');
    await page.setInputFiles('#f-images', { name: 'knight.gif', mimeType: 'image/gif', buffer: Buffer.from(encodeGif([pixelKnight(), pixelKnight()], [10, 10])) });
    await page.waitForSelector('#preview-images img[data-art]');
    expect(await page.getAttribute('#preview-images img', 'data-art')).toBe('pixel');
    expect(await page.textContent('#preview-images figcaption')).toBe('knight.gif · 32×32 · 2 frames, 0.20 s');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a price over the balance is flagged before the server refuses it', async () => {
    const poor = server.addUser(5);
    await server.store.flush();
    const { page, errors } = await signedInPage(browser, poor.key);
    await playground(page, '/sprite/zenith');
    await page.selectOption('#f-mode', 'image_to_video');
    await page.setInputFiles('#f-images', { name: 'hero.png', mimeType: 'image/png', buffer: Buffer.from(await png(hero(64))) });
    await page.fill('#f-text', 'walk');
    await page.selectOption('#f-frame', '36');
    await page.waitForSelector('#price-after.error:has-text("Not enough credits: the balance is 5")');
    await page.click('button:has-text("Submit")');
    await page.waitForSelector(`#form-error:has-text("${M.insufficientCredits}")`);
    expect(await balance(server, poor.key)).toBe(5);
    expect(errors).toEqual([]);
    await page.close();
  });
});
