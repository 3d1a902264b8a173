// Surface grain for materials that are not smooth (stone speckle, wood grain) and for animated
// ones (flame tongues, rising bubbles, electric crackle) as tiles of luma offsets: seeded, and
// tiling seamlessly so they can follow a moving subject, or scroll, without seams.
import { checkInt } from './check.ts';
import { hash32, hashString } from './random.ts';

export type GrainKind = 'stone' | 'wood' | 'flame' | 'bubble' | 'crackle';

/** Smooth value noise on a `cells` x `cellsY` lattice that wraps around a `size` tile, in [-1, 1]. */
function valueNoise(size: number, cells: number, seed: number, cellsY = cells): Float32Array {
  const out = new Float32Array(size * size);
  const lattice = (i: number, j: number): number =>
    (hash32(seed ^ Math.imul((i % cells) + 1, 0x9e3779b1) ^ Math.imul((j % cellsY) + 1, 0x85ebca77)) / 0xffffffff) * 2 - 1;
  const step = size / cells;
  const stepY = size / cellsY;
  for (let y = 0; y < size; y++) {
    const fy = y / stepY;
    const j = Math.floor(fy);
    const v = fy - j;
    const sv = v * v * (3 - 2 * v);
    for (let x = 0; x < size; x++) {
      const fx = x / step;
      const i = Math.floor(fx);
      const u = fx - i;
      const su = u * u * (3 - 2 * u);
      const a = lattice(i, j), b = lattice(i + 1, j), c = lattice(i, j + 1), d = lattice(i + 1, j + 1);
      out[y * size + x] = a + (b - a) * su + (c - a) * sv + (a - b - c + d) * su * sv;
    }
  }
  return out;
}

/**
 * A `size` x `size` tile of luma offsets for `kind`, at most `amplitude` levels either way.
 * Stone: blotches of two noise octaves plus sparse dark pits. Wood: vertical grain lines bent by
 * noise. Flame: tall tongues. Bubble and crackle: see sparseTexture.
 */
export function grainTexture(kind: GrainKind, size: number, amplitude: number, seed: string): Int8Array {
  checkInt(size, 8, 512, 'texture size');
  checkInt(amplitude, 0, 127, 'texture amplitude');
  const s = hashString(`${seed}\u0000grain-${kind}`);
  if (kind === 'bubble' || kind === 'crackle') return sparseTexture(kind, size, amplitude, s);
  const out = new Int8Array(size * size);
  const coarse = valueNoise(size, 4, s);
  const fine = valueNoise(size, 16, s ^ 0x5bd1e995);
  const tall = kind === 'flame' ? valueNoise(size, 8, s ^ 0x27d4eb2f, 3) : coarse;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      let v: number;
      if (kind === 'flame') {
        // Tongues: noise stretched tall (3 cells up, 8 across), sharpened so bright parts are narrow.
        const n = tall[p] ?? 0;
        v = 0.8 * Math.sign(n) * Math.abs(n) ** 0.7 + 0.2 * (fine[p] ?? 0);
      } else if (kind === 'stone') {
        const pit = hash32(s ^ (p * 2654435761)) % 97 === 0 ? -1.6 : 0;
        v = 0.6 * (coarse[p] ?? 0) + 0.4 * (fine[p] ?? 0) + pit;
      } else {
        // Grain: a sine across x whose phase wanders with coarse noise; 5 rings a tile so it wraps.
        const phase = (x / size) * 5 * 2 * Math.PI + 2.5 * (coarse[p] ?? 0);
        v = 0.75 * Math.sin(phase) ** 3 + 0.25 * (fine[p] ?? 0);
      }
      out[p] = Math.max(-127, Math.min(127, Math.round(v * amplitude)));
    }
  }
  return out;
}

/**
 * Sparse tiles: rising bubbles (bright discs with a dark rim) or electric crackle (jagged bright
 * bolts running top to bottom). Positions wrap around the tile.
 */
function sparseTexture(kind: 'bubble' | 'crackle', size: number, amplitude: number, s: number): Int8Array {
  const acc = new Float32Array(size * size);
  const rnd = (k: number): number => hash32(s ^ Math.imul(k + 1, 0x9e3779b1)) / 0x1_0000_0000;
  const add = (x: number, y: number, v: number): void => {
    const p = (((Math.round(y) % size) + size) % size) * size + (((Math.round(x) % size) + size) % size);
    acc[p] = Math.max(-1, Math.min(1.2, (acc[p] ?? 0) + v));
  };
  if (kind === 'bubble') {
    const count = Math.max(3, Math.round(size / 10));
    for (let b = 0; b < count; b++) {
      const cx = rnd(b * 3) * size, cy = rnd(b * 3 + 1) * size, r = 1.2 + rnd(b * 3 + 2) * size * 0.05;
      for (let y = Math.floor(-r - 1); y <= r + 1; y++)
        for (let x = Math.floor(-r - 1); x <= r + 1; x++) {
          const d = Math.hypot(x, y);
          if (d <= r) add(cx + x, cy + y, d > r - 1 ? 1 : 0.45);
          else if (d <= r + 1) add(cx + x, cy + y, -0.5);
        }
    }
  } else {
    const bolts = 3;
    for (let b = 0; b < bolts; b++) {
      let x = rnd(b * 7) * size;
      for (let y = 0; y < size; y++) {
        x += (rnd(b * 1000 + y) - 0.5) * 3;
        add(x, y, 1.2);
        add(x + 1, y, 0.4);
        add(x - 1, y, 0.4);
      }
    }
  }
  const out = new Int8Array(size * size);
  for (let p = 0; p < out.length; p++) out[p] = Math.max(-127, Math.min(127, Math.round((acc[p] ?? 0) * amplitude)));
  return out;
}
