// A script as users of the hosted sprite service write them in Node (fetch, FormData, polling the
// job), pointed at spritekiln by its base URL alone. The suite runs it against a started server
// (test/clients/clients.test.ts); it prints one JSON line per job and exits non-zero on any surprise.
//
//   BASE_URL=http://127.0.0.1:8787/public/v1 API_KEY=... node test/clients/hosted_client.mjs sprite.png sheet.png
import { readFile } from 'node:fs/promises';

// The one line a user changes to move from the hosted service to spritekiln.
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8787/public/v1';
const headers = { Authorization: `Bearer ${process.env.API_KEY}` };

const sprite = new Blob([await readFile(process.argv[2])], { type: 'image/png' });
const sheet = new Blob([await readFile(process.argv[3])], { type: 'image/png' });

async function create(path, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, 'sprite.png');
    else form.append(name, value);
  }
  const res = await fetch(`${BASE_URL}${path}`, { method: 'POST', headers, body: form });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).job_id;
}

async function wait(id) {
  for (;;) {
    const job = await (await fetch(`${BASE_URL}/job/${id}`, { headers })).json();
    if (job.status !== 'Pending') return job;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function run(name, path, fields) {
  const job = await wait(await create(path, fields));
  const result = { name, path, status: job.status };
  if (job.status === 'Succeed') {
    result.files = [];
    for (const url of job.image_urls) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const kind = bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : bytes[0] === 0x47 ? 'gif' : 'other';
      result.files.push({ name: url.split('/').pop(), kind, bytes: bytes.length });
    }
  } else {
    result.error = job.error_message ?? 'Unknown error';
  }
  console.log(JSON.stringify(result));
}

await run('generate with a vendor model and a reference', '/generate/image', { prompt: 'a blue shield', ai_model: 'GPT Image 2', ref_images: sprite });
await run('effect v2, description/quality/frame only', '/generate/effect/v2', { description: 'lightning', quality: 'standard', frame: '9' });
await run('make-sprite v1', '/sprite/make-sprite/v1', { image: sprite, text: 'attack', frame: '49', is_pixel: 'true' });
await run('reskin v2', '/sprite/reskin/v2', { image: sprite, description: 'ice', quality: 'standard', style: 'pixel' });
await run('upscale', '/image-tune/upscale', { image: sprite, scale: '2K' });
await run('inpaint v2', '/image-tune/inpaint/v2', { image: sprite, prompt: 'background red', quality: 'pro' });
await run('split-layer', '/image-tune/split-layer', { image: sprite, keyword: 'head' });
await run('character overlay, unversioned', '/sprite/character-overlay', {
  sprite_sheet: sheet, character_images: sprite, rows: JSON.stringify([{ row: 1, title: 'Idle', description: 'standing' }]), resolution: '1K',
});
await run('a job that fails', '/image-tune/inpaint/v2', { image: sprite, prompt: 'add a hat', quality: 'standard' });
