// Drawing a deformed mesh (raster.ts) on small hand-made meshes: at rest it is the source, a shared
// edge is drawn once, a part drawn darker is shaded as its Shade says (painted art multiplied, pixel
// art a step down its own ramp), and a layered sprite draws each part from its own source.
import { describe, expect, it } from 'vitest';
import { drawMesh } from '../../../../workers/engines/rig/raster.ts';
import type { Shade, Source } from '../../../../workers/engines/rig/raster.ts';
import type { Mesh } from '../../../../workers/engines/rig/skin.ts';
import { createImage } from '../../../../workers/kernels/image.ts';
import { buildRamp } from '../../../../workers/kernels/ramp.ts';
import { packColor } from '../../../../workers/kernels/palette.ts';
import type { RawImage } from '../../../../workers/types.ts';

const W = 8, H = 6;

/** A W x H grid of 1 px cells, two triangles each, the left half part 0 and the right half part 1. */
function gridMesh(): Mesh {
  const rest: number[] = [];
  for (let y = 0; y <= H; y++) for (let x = 0; x <= W; x++) rest.push(x, y);
  const triangles: number[] = [], parts: number[] = [];
  const v = (x: number, y: number) => y * (W + 1) + x;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    triangles.push(v(x, y), v(x + 1, y), v(x + 1, y + 1), v(x, y), v(x + 1, y + 1), v(x, y + 1));
    parts.push(x < W / 2 ? 0 : 1, x < W / 2 ? 0 : 1);
  }
  const n = rest.length / 2;
  return { rest: Float64Array.from(rest), bones: new Int16Array(n * 4).fill(-1), weights: new Float32Array(n * 4), triangles: Uint32Array.from(triangles), parts: Uint8Array.from(parts) };
}

/** A source of distinct opaque colours, every pixel its own. */
function colourful(alpha = 255): RawImage {
  const img = createImage(W, H);
  for (let p = 0; p < W * H; p++) img.data.set([20 + p * 3, 200 - p * 2, (p * 37) % 256, alpha], p * 4);
  return img;
}

const moved = (mesh: Mesh, dx: number, dy: number): Float64Array => mesh.rest.map((c, i) => c + (i % 2 ? dy : dx));
const at = (img: RawImage, x: number, y: number): number[] => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];

describe('drawMesh', () => {
  it('at rest, painted and pixel art alike, the canvas is the source pixel for pixel', () => {
    const mesh = gridMesh();
    const source: Source = { image: colourful(), ox: 0, oy: 0 };
    for (const pixel of [false, true]) {
      const canvas = createImage(W, H);
      drawMesh(canvas, source, mesh, mesh.rest, { pixel, opacity: 1 });
      expect(canvas.data).toEqual(source.image.data);
    }
  });

  it('moved by a fraction of a pixel, every covered pixel is drawn by exactly one triangle', () => {
    // Half-transparent pixel art: a pixel drawn twice would come out more opaque than 128.
    const mesh = gridMesh();
    const canvas = createImage(W + 2, H + 2);
    drawMesh(canvas, { image: colourful(128), ox: 0, oy: 0 }, mesh, moved(mesh, 0.37, 0.61), { pixel: true, opacity: 1 });
    let drawn = 0;
    for (let p = 3; p < canvas.data.length; p += 4) {
      if (canvas.data[p] === 0) continue;
      expect(canvas.data[p]).toBe(128);
      drawn++;
    }
    // Pixel centres inside [0.37, 8.37) x [0.61, 6.61): columns 1..8 and rows 1..6.
    expect(drawn).toBe(W * H);
  });

  it('a shaded part of painted art is its colour multiplied by its factor; an unshaded part is as it is', () => {
    const mesh = gridMesh();
    const source = colourful();
    const shade: Shade = { factor: Float64Array.of(1, 0.5), ramp: null };
    const canvas = createImage(W, H);
    drawMesh(canvas, { image: source, ox: 0, oy: 0 }, mesh, mesh.rest, { pixel: false, opacity: 1, shade });
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const [r, g, b, a] = at(source, x, y) as [number, number, number, number];
      expect(at(canvas, x, y)).toEqual(x < W / 2 ? [r, g, b, a] : [Math.floor(r * 0.5 + 0.5), Math.floor(g * 0.5 + 0.5), Math.floor(b * 0.5 + 0.5), a]);
    }
  });

  it('pixel art keeps its palette: a shaded part steps one colour down its ramp, and without a ramp stays as it is', () => {
    const light = [90, 200, 90], dark = [40, 110, 40];
    const image = createImage(W, H);
    for (let p = 0; p < W * H; p++) image.data.set([...light, 255], p * 4);
    const ramp = buildRamp([packColor(light[0]!, light[1]!, light[2]!, 255), packColor(dark[0]!, dark[1]!, dark[2]!, 255)])!;
    // The ramp's own step down from the light green (its darker neighbour of a similar hue).
    const down = ramp.colors[ramp.down[ramp.index.get(packColor(light[0]!, light[1]!, light[2]!, 255))!]!]!;
    expect([down >>> 24, (down >>> 16) & 255, (down >>> 8) & 255]).toEqual(dark);
    const mesh = gridMesh();
    for (const [r, expected] of [[ramp, dark], [null, light]] as const) {
      const canvas = createImage(W, H);
      drawMesh(canvas, { image, ox: 0, oy: 0 }, mesh, mesh.rest, { pixel: true, opacity: 1, shade: { factor: Float64Array.of(1, 0.6), ramp: r } });
      expect(at(canvas, 1, 1)).toEqual([...light, 255]);
      expect(at(canvas, W - 1, 1)).toEqual([...expected, 255]);
    }
  });

  it('layered: each part is drawn from its own source', () => {
    const mesh = gridMesh();
    const red = createImage(W, H, { r: 255, g: 0, b: 0, a: 255 }), blue = createImage(W, H, { r: 0, g: 0, b: 255, a: 255 });
    const canvas = createImage(W, H);
    drawMesh(canvas, [{ image: red, ox: 0, oy: 0 }, { image: blue, ox: 0, oy: 0 }], mesh, mesh.rest, { pixel: false, opacity: 1 });
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) expect(at(canvas, x, y)).toEqual(x < W / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]);
  });
});
