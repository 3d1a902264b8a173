// Node only: a finished job's files into a folder — every image_urls entry, sheet.json, the sheet it
// names (`meta.image`: make-sprite's image_urls hold the GIF and frames, not the sheet), and every
// engine export it lists in `meta.exports` (Godot SpriteFrames, Phaser pack), which refer to the sheet.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Job } from './types.ts';

export async function download(job: Job, dir: string, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const urls = [...job.image_urls, ...(job.metadata_url ? [job.metadata_url] : [])];
  if (job.metadata_url) {
    const meta = (await (await fetchImpl(job.metadata_url)).json()) as { meta?: { image?: string; exports?: Record<string, string> } };
    const base = job.metadata_url.slice(0, job.metadata_url.lastIndexOf('/') + 1);
    for (const file of [meta.meta?.image, ...Object.values(meta.meta?.exports ?? {})]) if (file) urls.push(base + file);
  }
  const written: string[] = [];
  for (const url of new Set(urls)) {
    const res = await fetchImpl(url);
    if (!res.ok) throw new Error(`download ${url}: ${res.status}`);
    const path = join(dir, basename(new URL(url).pathname));
    await writeFile(path, new Uint8Array(await res.arrayBuffer()));
    written.push(path);
  }
  return written;
}
