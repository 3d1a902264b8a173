// The dashboard in Debian's Chromium (playwright-core) against a real server (startTestServer): sign in,
// submit a zenith job from the playground form, watch it go Pending -> Succeed, open it from the
// gallery, see the player play it from sheet.json and the GIF load, download the sheet; the spec's
// messages inline; a second user sees none of the first user's jobs; a bad key shows `Invalid API
// key`. Screenshots for the README are written when missing or with UPDATE=1, like golden files.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_ENDPOINTS, UNVERSIONED } from '../../server/routes/creation.ts';
import { hero, png } from '../fixtures/sprites.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { launchChromium, type Browser } from '../plugins/phaser/browser.ts';

const SHOTS = fileURLToPath(new URL('../../web/screenshots/', import.meta.url));

let server: TestServer;
let browser: Browser;
let heroPng: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  heroPng = Buffer.from(await png(hero(96)));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page that records every status the open job page shows, and any request leaving the server. */
async function openPage(): Promise<{ page: Page; offsite: string[]; errors: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1100, height: 820 });
  const offsite: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(server.url) && !req.url().startsWith('data:') && !req.url().startsWith('blob:')) offsite.push(req.url());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // Page-side code as strings: the test's tsconfig has no DOM types (as in the Phaser tests).
  await page.addInitScript(`
    const seen = (window.__statuses = []);
    new MutationObserver(() => {
      const status = document.querySelector('[data-job-page]')?.dataset.status;
      if (status && seen[seen.length - 1] !== status) seen.push(status);
    }).observe(document, { subtree: true, childList: true, attributes: true });`);
  await page.goto(`${server.url}/`);
  return { page, offsite, errors };
}

async function signIn(page: Page, key: string) {
  await page.fill('#key', key);
  await page.click('button:has-text("Sign in")');
}

const shoot = async (page: Page, name: string, fullPage = false) => {
  const file = `${SHOTS}${name}`;
  const missing = await stat(file).then(() => false, () => true);
  if (missing || process.env.UPDATE === '1') await writeFile(file, await page.screenshot({ fullPage }));
};

describe('dashboard', () => {
  it('is served from the server with a strict CSP and nothing from elsewhere', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${server.url}/web/app.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/web/nope.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/web/..%2Fpackage.json`)).status).toBe(404);
  });

  it('a bad key shows Invalid API key and stores nothing', async () => {
    const { page } = await openPage();
    await signIn(page, 'sk_not_a_real_key');
    await page.waitForSelector('#signin-error:has-text("Invalid API key")');
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await page.close();
  });

  it('sign in, submit zenith from the form, Pending -> Succeed, open it, GIF plays, download the sheet', async () => {
    const { page, offsite, errors } = await openPage();
    await signIn(page, server.key);
    await page.waitForSelector('#empty');
    expect(await page.textContent('#balance')).toBe('10000');
    expect(await page.evaluate('Object.keys(sessionStorage)')).toEqual(['spritekiln.key']);
    expect(await page.evaluate('localStorage.length + document.cookie.length')).toBe(0);

    // The playground: a form per endpoint; the spec's messages shown next to the fields.
    await page.click('nav a:has-text("Playground")');
    await page.waitForSelector('#endpoint-form[data-endpoint="/public/v1/sprite/zenith"]');
    // Every creation endpoint but the unversioned twins, which the playground leaves out.
    expect(await page.locator('.playground nav li').count()).toBe(Object.keys(CREATION_ENDPOINTS).length - Object.keys(UNVERSIONED).length);
    await page.click('button:has-text("Submit")');
    await page.waitForSelector('#err-mode:has-text("Field required")');
    expect(await page.textContent('#err-images')).toBe('Field required');
    await page.selectOption('#f-mode', 'image_to_video');
    await page.setInputFiles('#f-images', { name: 'hero.png', mimeType: 'image/png', buffer: heroPng });
    // frame is a select of the allowed values (the document's enum); the 400 rules still show inline.
    expect(await page.locator('#f-frame option').allTextContents()).toEqual(['(not sent)', '36', '100']);
    await page.selectOption('#f-frame', '36');
    await page.click('button:has-text("Submit")');
    await page.waitForSelector('#err-text:has-text("text must not be empty")');
    expect(await page.textContent('#err-mode')).toBe('');
    await page.selectOption('#f-mode', 'first_last_frame');
    await page.fill('#f-text', 'jump');
    await page.click('button:has-text("Submit")');
    await page.waitForSelector('#err-images:has-text("first_last_frame requires exactly two images (start, end)")');
    await page.selectOption('#f-mode', 'image_to_video');
    expect(await page.textContent('#balance')).toBe('10000');

    await page.click('button:has-text("Submit")');
    // The job page: Pending first (live, long-polled), then Succeed with its outputs.
    await page.waitForSelector('[data-job-page][data-status="Succeed"]', { timeout: 60_000 });
    expect(await page.evaluate('window.__statuses')).toEqual(['Pending', 'Succeed']);
    const jobId = await page.getAttribute('[data-job-page]', 'data-job-page');
    expect(await page.textContent('#balance')).toBe('9991');

    // Open it from the gallery.
    await page.click('nav a:has-text("Gallery")');
    const card = page.locator(`.card[data-job="${jobId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('Succeed');
    expect(await card.textContent()).toContain('zenith');
    expect(await card.textContent()).toContain('9 credits');
    // A smooth-shaded hero (its GIF judged by its PNG sheet): fitted smoothly, not as pixel art.
    await page.waitForSelector(`.card[data-job="${jobId}"] img[data-art="smooth"]`);
    // Loaded and scaled into their boxes (pixel art by whole numbers).
    await page.waitForFunction("[...document.querySelectorAll('.card img')].every((img) => img.complete && img.naturalWidth > 0 && img.dataset.scale)");
    await shoot(page, 'gallery.png');
    await card.click();
    await page.waitForSelector(`[data-job-page="${jobId}"][data-status="Succeed"]`);
    const gif = page.locator('.outputs img[src$=".gif"]');
    await gif.waitFor();
    await page.waitForFunction(`(() => { const img = document.querySelector('.outputs img[src$=".gif"]'); return !!img && img.complete && img.naturalWidth > 0; })()`);
    // The animation plays from sheet.json on the player's canvas.
    await page.waitForSelector('#player[data-ready][data-playing="true"]');
    expect(await page.getAttribute('#player', 'data-frames')).toBe('36');
    await page.waitForSelector('#files a:has-text("sprite_frames.tres")');
    await page.waitForSelector('#files a:has-text("pack.json")');
    const snippets = await page.textContent('#snippets');
    expect(snippets).toContain(`this.load.aseprite(`);
    expect(snippets).toContain('sprite_frames.tres');
    expect(snippets).toContain(`curl -s -H "Authorization: Bearer $SPRITEKILN_KEY" '${server.url}/public/v1/job/${jobId}'`);
    expect(snippets).not.toContain(server.key);
    await shoot(page, 'job.png', true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#files a:has-text("sheet.png")')]);
    expect(download.suggestedFilename()).toBe('sheet.png');
    const saved = await readFile((await download.path())!);
    expect([...saved.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#files a:has-text("sheet.json")')]);
    expect(JSON.parse(await readFile((await json.path())!, 'utf8')).meta.frameTags.length).toBeGreaterThan(0);

    expect(offsite).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a second user sees none of the first user\'s jobs', async () => {
    const other = server.addUser(50);
    await server.store.flush();
    const { page } = await openPage();
    await signIn(page, other.key);
    await page.waitForSelector('#empty');
    expect(await page.locator('.card').count()).toBe(0);
    expect(await page.textContent('#balance')).toBe('50');
    // Another user's job page by URL is the server's 404.
    const [first] = await server.store.listJobs({ owner: server.userId, limit: 1 });
    expect(first).toBeDefined();
    await page.goto(`${server.url}/#/job/${first!.id}`);
    await page.waitForSelector('[role=alert]:has-text("Job not found")');
    await page.click('#signout');
    await page.waitForSelector('#key');
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await page.close();
  });
});
