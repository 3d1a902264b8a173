// The restyle job through the render task: sheet.json carries how the text was read (meta.plan).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from '../../../../workers/render.ts';
import { heroWalkGif, pixelSlime, png } from '../../../fixtures/sprites.ts';
import { inputFile } from '../../images.ts';

const dir = mkdtempSync(join(tmpdir(), 'spritekiln-restyle-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('render: restyle plan in sheet.json', () => {
  it.each([
    ['icy blue', false, { material: 'ice', colors: ['blue'], modifiers: [], reference: false }],
    ['golden', true, { material: 'gold', colors: [], modifiers: [], reference: true }],
  ])('"%s" (reference: %s)', async (text, withReference, plan) => {
    const out = join(dir, `${text.replace(/\W+/g, '-')}-${withReference}`);
    await import('node:fs/promises').then((fs) => fs.mkdir(out));
    await writeFile(join(dir, 'walk.gif'), heroWalkGif(8, 48));
    await writeFile(join(dir, 'ref.png'), await png(pixelSlime()));
    const result = await render({
      spec: { kind: 'restyle', text, frames: 36, source: inputFile(join(dir, 'walk.gif'), 48, 48, 'gif'), reference: withReference ? inputFile(join(dir, 'ref.png'), 32, 32) : undefined },
      outDir: out,
      seed: 'abc',
    });
    expect(result).toEqual({ ok: true, value: { files: ['sheet.png', 'anim.gif'], metadata: 'sheet.json' } });
    const json = JSON.parse(await readFile(join(out, 'sheet.json'), 'utf8')) as { meta: { plan: unknown } };
    expect(json.meta.plan).toEqual(plan);
  });
});
