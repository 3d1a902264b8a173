// The effect job through the render task: both sheets written and named in image_urls order
// (sheet.png opaque first, sheet_transparent.png second), sheet.json with the plan in its meta.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { render } from '../../../../workers/render.ts';
import type { EffectSpec } from '../../../../workers/specs.ts';
import type { AsepriteSheet } from '../../../../workers/output/aseprite.ts';
import { flattenOnto } from '../../../../workers/engines/effect/flatten.ts';
import { toRaw } from '../../images.ts';

const dir = mkdtempSync(join(tmpdir(), 'spritekiln-effect-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
let runs = 0;

async function run(spec: Omit<EffectSpec, 'kind'>) {
  const outDir = join(dir, `out-${runs++}`);
  await mkdir(outDir);
  const result = await render({ spec: { kind: 'effect', ...spec }, outDir, seed: 'render-test' });
  if (!result.ok) throw new Error(result.message);
  return { value: result.value, read: (name: string) => readFile(join(outDir, name)) };
}

describe('render: effect', () => {
  it.each([
    ['green fire', 4, 1024, '#52FF60', { effect: 'fire', oneShot: false, fromText: true, colorSource: 'words' }],
    ['explosion', 9, 1024, '#FF4CFF', { effect: 'explosion', oneShot: true, fromText: true, colorSource: 'effect' }],
    ['zzz', 16, 1024, '#FFFFFF', { effect: 'sparkle', oneShot: false, fromText: false, colorSource: 'effect' }],
  ])('"%s", %i frames on %i px, %s: opaque sheet, keyed sheet, plan in sheet.json', async (description, frames, size, background, plan) => {
    const out = await run({ description, frames, size, background });
    expect(out.value).toEqual({ files: ['sheet.png', 'sheet_transparent.png'], metadata: 'sheet.json' });
    const opaque = await toRaw(await out.read('sheet.png'));
    const keyed = await toRaw(await out.read('sheet_transparent.png'));
    expect([opaque.width, opaque.height, keyed.width, keyed.height]).toEqual([size, size, size, size]);
    expect((await sharp(await out.read('sheet_transparent.png')).metadata()).hasAlpha).toBe(true);
    expect(keyed.data[3]).toBe(0);
    const bg = { r: parseInt(background.slice(1, 3), 16), g: parseInt(background.slice(3, 5), 16), b: parseInt(background.slice(5, 7), 16), a: 255 };
    expect(Buffer.from(flattenOnto(keyed, bg).data).equals(Buffer.from(opaque.data))).toBe(true);
    const json = JSON.parse((await out.read('sheet.json')).toString()) as AsepriteSheet;
    expect(Object.keys(json.frames)).toHaveLength(frames);
    expect(json.meta.image).toBe('sheet.png');
    expect(json.meta.frameTags).toEqual([{ name: plan.effect, from: 0, to: frames - 1, direction: 'forward' }]);
    expect(json.meta.plan).toMatchObject(plan);
    expect((json.meta.plan as { colors: string[] }).colors).toHaveLength(8);
  });
});
