// The render task for generate/image: image.png (the only entry of image_urls) and image.json
// beside it with how the prompt was read; references decoded from files.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../../workers/render.ts';
import type { ImageSpec } from '../../../../workers/specs.ts';
import { inputFile, toRaw, writePng } from '../../images.ts';
import { pixelSlime } from '../../../fixtures/sprites.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spritekiln-image-'));
  await writePng(join(dir, 'slime.png'), pixelSlime());
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

let runs = 0;
async function run(spec: ImageSpec) {
  const outDir = join(dir, `out-${runs++}`);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(outDir);
  const result = await render({ spec, outDir, seed: 'job-seed' });
  if (!result.ok) throw new Error(result.message);
  return { files: result.value.files, outDir, list: () => readdir(outDir), read: (n: string) => readFile(join(outDir, n)) };
}

describe('render: image', () => {
  it('writes image.png (1024, transparent) and the plan as image.json, outside image_urls', async () => {
    const out = await run({ kind: 'image', prompt: 'pixel red potion', model: 'Gamma', refs: [] });
    expect(out.files).toEqual(['image.png']);
    expect((await out.list()).sort()).toEqual(['image.json', 'image.png']);
    const img = await toRaw(await out.read('image.png'));
    expect([img.width, img.height]).toEqual([1024, 1024]);
    expect(img.data[3]).toBe(0);
    const plan = JSON.parse((await out.read('image.json')).toString());
    expect(plan).toMatchObject({ prompt: 'pixel red potion', model: 'Gamma', generator: 'potion', colors: ['red'], pixel: 32, fallback: false });
    expect(plan).toMatchObject({
      drawn: 'potion',
      understood: [{ word: 'pixel', as: 'pixel' }, { word: 'red', as: 'colour', means: 'red' }, { word: 'potion', as: 'subject', means: 'potion' }],
      ignored: [],
    });
  });

  it('says in image.json what an unknown noun was drawn as, and which words were not understood', async () => {
    const out = await run({ kind: 'image', prompt: 'golden spaceship', model: 'Gamma', refs: [] });
    const plan = JSON.parse((await out.read('image.json')).toString());
    expect(plan).toMatchObject({
      fallback: true, subjectWord: null,
      understood: [{ word: 'golden', as: 'material', means: 'gold' }],
      ignored: [{ word: 'spaceship' }],
    });
    expect(plan.drawn).toContain('nothing in the prompt names a subject we draw');
  });

  it('draws a lantern for "lantern" and says so', async () => {
    const out = await run({ kind: 'image', prompt: 'lantern', model: 'Gamma', refs: [] });
    expect(JSON.parse((await out.read('image.json')).toString())).toMatchObject({ generator: 'lantern', drawn: 'lantern', understood: [{ word: 'lantern', as: 'subject' }], ignored: [] });
  });

  it('uses reference images and records the variation', async () => {
    const out = await run({ kind: 'image', prompt: 'slime', model: 'Gamma', refs: [inputFile(join(dir, 'slime.png'), 32, 32)] });
    expect(JSON.parse((await out.read('image.json')).toString())).toMatchObject({ generator: 'variation', refs: 1 });
  });

  it('"red potion" and "blue potion" are one bottle in two colours; another model, another bottle', async () => {
    const alpha = async (prompt: string, model = 'Gamma') => {
      const img = await toRaw(await (await run({ kind: 'image', prompt, model, refs: [] })).read('image.png'));
      return img.data.filter((_, i) => i % 4 === 3);
    };
    const red = await alpha('red potion');
    const same = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v === b[i] ? 1 : 0), 0) / a.length;
    expect(same(red, await alpha('blue potion'))).toBeGreaterThan(0.99);
    expect(same(red, await alpha('red potion', 'Gamma Pro'))).toBeLessThan(0.99);
  });
});
