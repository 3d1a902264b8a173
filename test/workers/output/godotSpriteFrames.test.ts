// The sprite_frames.tres text: its layout as Godot 4 reads it, exact timing, input checks. That real
// Godot loads it (frames, regions, durations) is checked in test/plugins/godot/godot.test.ts.
import { describe, expect, it } from 'vitest';
import { godotSpriteFrames, godotTiming, type GodotSpriteFramesInput } from '../../../workers/output/godotSpriteFrames.ts';
import { assembleSheet } from '../../../workers/output/sheet.ts';
import { frameDurationsMs } from '../../../workers/kernels/timing.ts';
import { solid } from '../images.ts';

function input(n: number, over: Partial<GodotSpriteFramesInput> = {}): GodotSpriteFramesInput {
  const sheet = assembleSheet(Array.from({ length: n }, () => solid(8, 6, [0, 0, 0, 0])));
  return {
    sheet: 'sheet.png', width: sheet.image.width, height: sheet.image.height,
    rects: sheet.rects, durationsMs: frameDurationsMs(n), animation: 'walk', loop: true, ...over,
  };
}

describe('godotSpriteFrames', () => {
  // Two frames of 80 ms: gcd(1000, 80) = 40, so speed 25 and durations 2 (2/25 s = 80 ms).
  it('writes the text resource Godot 4 saves for a SpriteFrames', () => {
    expect(godotSpriteFrames(input(2))).toBe(
      [
        '[gd_resource type="SpriteFrames" load_steps=4 format=3]',
        '',
        '[ext_resource type="Texture2D" path="sheet.png" id="1_sheet"]',
        '',
        '[sub_resource type="AtlasTexture" id="AtlasTexture_0"]',
        'atlas = ExtResource("1_sheet")',
        'region = Rect2(0, 0, 8, 6)',
        '',
        '[sub_resource type="AtlasTexture" id="AtlasTexture_1"]',
        'atlas = ExtResource("1_sheet")',
        'region = Rect2(8, 0, 8, 6)',
        '',
        '[resource]',
        'animations = [{',
        '"frames": [{',
        '"duration": 2.0,',
        '"texture": SubResource("AtlasTexture_0")',
        '}, {',
        '"duration": 2.0,',
        '"texture": SubResource("AtlasTexture_1")',
        '}],',
        '"loop": true,',
        '"name": &"walk",',
        '"speed": 25.0',
        '}]',
        '',
      ].join('\n'),
    );
  });

  it.each([4, 36, 49, 100, 121])('has one AtlasTexture per frame and a region per sheet cell (%i frames)', (n) => {
    const args = input(n);
    const text = godotSpriteFrames(args);
    expect(text.match(/\[sub_resource type="AtlasTexture"/g)).toHaveLength(n);
    expect(text.match(/"texture": SubResource\(/g)).toHaveLength(n);
    const regions = [...text.matchAll(/region = Rect2\((\d+), (\d+), (\d+), (\d+)\)/g)].map((m) => m.slice(1).map(Number));
    expect(regions).toEqual(args.rects.map((r) => [r.x, r.y, r.w, r.h]));
    expect(text).toContain(`load_steps=${n + 2} `);
  });

  // Godot shows frame i for duration_i / speed seconds: that must be the sheet.json ms, exactly.
  it.each([
    [[80, 80, 90], 100, [8, 8, 9]],
    [[100, 100], 10, [1, 1]],
    [[83, 84], 1000, [83, 84]],
    [[40, 60, 1000], 50, [2, 3, 50]],
  ])('times %j ms as speed %i with durations %j', (ms, speed, ticks) => {
    expect(godotTiming(ms)).toEqual({ speed, ticks });
    for (const [i, d] of ms.entries()) expect(((ticks[i] as number) / speed) * 1000).toBe(d);
    const text = godotSpriteFrames({ ...input(ms.length), durationsMs: ms });
    expect(text).toContain(`"speed": ${speed}.0`);
    expect([...text.matchAll(/"duration": (\d+)\.0/g)].map((m) => Number(m[1]))).toEqual(ticks);
  });

  it('keeps the 12 fps total: 36 frames last 3 s', () => {
    const { speed, ticks } = godotTiming(frameDurationsMs(36));
    expect(ticks.reduce((a, b) => a + b, 0) / speed).toBe(3);
  });

  it('escapes the animation name and writes loop', () => {
    const text = godotSpriteFrames(input(1, { animation: 'say "hi" \\ o/', loop: false }));
    expect(text).toContain('"name": &"say \\"hi\\" \\\\ o/"');
    expect(text).toContain('"loop": false');
  });

  it('an animation per tag, each over its own frames with its own speed', () => {
    const text = godotSpriteFrames(input(4, { durationsMs: [80, 80, 100, 100], animation: [{ name: 'idle', from: 0, to: 1 }, { name: 'run', from: 2, to: 3 }] }));
    // Four AtlasTextures, shared by the animations that show them.
    expect(text.match(/\[sub_resource type="AtlasTexture"/g)).toHaveLength(4);
    const resource = text.slice(text.indexOf('[resource]'));
    const frame = (ticks: number, i: number) => `{\n"duration": ${ticks}.0,\n"texture": SubResource("AtlasTexture_${i}")\n}`;
    expect(resource).toBe(
      '[resource]\nanimations = [' +
        `{\n"frames": [${frame(2, 0)}, ${frame(2, 1)}],\n"loop": true,\n"name": &"idle",\n"speed": 25.0\n}, ` +
        `{\n"frames": [${frame(1, 2)}, ${frame(1, 3)}],\n"loop": true,\n"name": &"run",\n"speed": 10.0\n}]\n`,
    );
  });

  it.each([
    [{ durationsMs: [80] }, 'Expected one duration per frame (4 frames) but received 1'],
    [{ sheet: 'res://sheet.png' }, 'Expected a relative file name for the sheet'],
    [{ sheet: '../sheet.png' }, 'Expected a relative file name for the sheet'],
    [{ sheet: '/tmp/sheet.png' }, 'Expected a relative file name for the sheet'],
    [{ animation: '' }, 'Expected a non-empty animation name'],
    [{ animation: [] }, 'Expected at least one frame tag'],
    [{ animation: [{ name: 'a', from: 0, to: 1 }, { name: 'a', from: 2, to: 3 }] }, 'Expected unique animation names but received "a" twice'],
    [{ animation: [{ name: 'a', from: 2, to: 4 }] }, 'Expected integer between 2 and 3 for last frame of "a" but received 4'],
    [{ animation: [{ name: 'a', from: 2, to: 1 }] }, 'for last frame of "a" but received 1'],
    [{ durationsMs: [80, 80, 80, 0] }, 'Expected integer between 1 and 60000 for duration (ms) of frame 3 but received 0'],
    [{ durationsMs: [80, 80, 80, 12.5] }, 'for duration (ms) of frame 3 but received 12.5'],
    [{ width: 8 }, 'Expected integer between 0 and 7 for x of frame 1 but received 8'],
  ])('rejects %j', (over, message) => {
    expect(() => godotSpriteFrames(input(4, over))).toThrow(message);
  });
});
