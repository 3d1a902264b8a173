// Shared by the dashboard's Chromium tests: jobs made over the API (as a script would), pages opened
// already signed in, and pictures read back as RGBA (screenshots, canvases, result files).
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { Browser } from '../plugins/phaser/browser.ts';
import type { TestServer } from '../helpers/testServer.ts';

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function rgba(bytes: Uint8Array | Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

export const hex = (p: Pixels, x: number, y: number) => {
  const i = (y * p.width + x) * 4;
  return ((p.data[i]! << 16) | (p.data[i + 1]! << 8) | p.data[i + 2]!).toString(16).padStart(6, '0');
};
export const alpha = (p: Pixels, x: number, y: number) => p.data[(y * p.width + x) * 4 + 3]!;

/** POSTs a job as a script would and answers its id (the test fails on any other answer). */
export async function createJob(server: TestServer, key: string, path: string, fields: Record<string, string>, files: Record<string, Uint8Array[]> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, list] of Object.entries(files)) for (const bytes of list) form.append(name, new Blob([bytes], { type: 'image/png' }), `${name}.png`);
  const res = await fetch(`${server.url}/public/v1${path}`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { job_id?: string; detail?: unknown };
  if (res.status !== 200 || !body.job_id) throw new Error(`${path}: ${res.status} ${JSON.stringify(body.detail)}`);
  return body.job_id;
}

export interface JobAnswer {
  status: string;
  image_urls: string[];
  metadata_url?: string;
  error?: string;
}

/** Long-polls until the job is finished; it must succeed. */
export async function finished(server: TestServer, key: string, id: string): Promise<JobAnswer> {
  for (;;) {
    const res = await fetch(`${server.url}/public/v1/job/${id}?wait=25`, { headers: { Authorization: `Bearer ${key}` } });
    const job = (await res.json()) as JobAnswer;
    if (job.status === 'Succeed') return job;
    if (job.status !== 'Pending') throw new Error(`job ${id}: ${job.status} ${job.error ?? ''}`);
  }
}

export async function balance(server: TestServer, key: string): Promise<number> {
  const res = await fetch(`${server.url}/public/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { credits: number }).credits;
}

/** A page signed in with `key` (the key put where the sign-in form puts it), page errors collected. */
export async function signedInPage(browser: Browser, key: string, width = 1100, height = 820) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.addInitScript(`sessionStorage.setItem('spritekiln.key', ${JSON.stringify(key)})`);
  return { page, errors };
}

/** The frame the player shows (its readout). */
export const shownFrame = async (page: Page) => Number(await page.getAttribute('#player-frame', 'data-frame'));

/** The player's canvas as RGBA, read from its backing store (what it draws, before any CSS scaling). */
export async function canvasPixels(page: Page): Promise<Pixels> {
  const url = (await page.evaluate(`document.querySelector('#player-canvas').toDataURL('image/png')`)) as string;
  return rgba(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}
