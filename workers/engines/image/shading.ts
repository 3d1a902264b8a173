// Light on drawn parts: one light from the top-left (the convention of game icons, so a set of
// generated items sits together), a tone per surface normal, specular glints, surface textures,
// and the colour a tone takes on a material's ramp (interpolated when smooth, one of five steps in
// pixel art).
import { fbm, noise2 } from './valueNoise.ts';
import type { Material, Ramp, Texture } from './material.ts';

const norm = (x: number, y: number, z: number): [number, number, number] => {
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
};

/** Towards the light: up and to the left, in front of the picture. */
export const LIGHT = norm(-1, -1.25, 1.5);
/** Half-way between the light and the viewer (Blinn-Phong). */
const HALF = norm(LIGHT[0], LIGHT[1], LIGHT[2] + 1);

/** Where each ramp step sits on the tone scale 0..1 (base at 0.55: a flat face shows the base colour). */
const STOPS = [0, 0.3, 0.55, 0.8, 1] as const;
export const BASE_TONE = 0.55;

/**
 * The tone of a surface with unit normal (nx, ny, nz) made of `m`: 0.55 facing the viewer,
 * brighter toward the light, darker away, plus the specular glint; glowing materials flatten.
 */
export function surfaceTone(nx: number, ny: number, nz: number, m: Material): number {
  const dv = nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2] - LIGHT[2];
  let v = BASE_TONE + (dv > 0 ? 1.05 : 0.72) * dv;
  if (m.finish === 'metal') {
    // Polished metal mirrors a bright sky and a dark horizon: a band of shadow just below the
    // top-facing normals is what makes a blade read as steel rather than grey plastic.
    // Flat faces (nz = 1) keep their tone; the band grows as the surface curves away.
    v -= 0.3 * Math.min(1, (1 - nz) * 4) * Math.exp(-(((ny - 0.12) / 0.2) ** 2));
  }
  const h = nx * HALF[0] + ny * HALF[1] + nz * HALF[2];
  // h^shine is below 1% of the glint under 0.8 for every finish we use: skip the pow there.
  if (h > 0.8 && m.spec > 0) v += m.spec * h ** m.shine * 0.7;
  if (m.emissive > 0) v = v * (1 - m.emissive) + m.emissive * (0.7 + 0.35 * (v - BASE_TONE));
  return v;
}

/** Tone change of texture `t` at unit-space point (x, y) (about -amount..amount). */
export function textureTone(t: Texture, seed: number, x: number, y: number): number {
  const s = t.scale;
  switch (t.kind) {
    case 'grain': {
      // Long streaks along y, wavy: wood.
      const w = fbm(seed, x * s * 0.35, y * s * 0.06, 2);
      return t.amount * Math.sin((x * s + w * 3) * Math.PI) * 0.8 + t.amount * 0.3 * noise2(seed + 7, x * s * 2, y * s * 0.3);
    }
    case 'planks': {
      // Horizontal boards with dark seams and a little grain.
      const row = y * s;
      const seam = Math.abs(row - Math.round(row)) < 0.06 ? -1.6 : 0;
      const board = noise2(seed, Math.floor(row) * 3.1, 0.5) * 0.6;
      return t.amount * (seam + board + 0.5 * Math.sin((x * s * 3 + noise2(seed + 3, x * s, row) * 2) * Math.PI));
    }
    case 'wrap': {
      // Diagonal bands of a wrapped grip.
      const u = (x + y) * s;
      const f = u - Math.floor(u);
      return f < 0.18 ? -t.amount * 1.4 : t.amount * 0.4 * Math.sin(f * Math.PI);
    }
    case 'speckle':
      return t.amount * (fbm(seed, x * s, y * s, 3) * 1.2 + (noise2(seed + 11, x * s * 4, y * s * 4) > 0.55 ? -0.8 : 0));
    case 'clumps':
      return t.amount * (Math.abs(fbm(seed, x * s, y * s, 3)) * -2.2 + 0.6);
    case 'scales': {
      const u = x * s, v = y * s;
      const row = Math.floor(v);
      const cx = u + (row % 2) * 0.5;
      const fx = cx - Math.floor(cx) - 0.5, fy = v - row;
      return t.amount * (Math.hypot(fx, fy * 0.9) > 0.5 ? -1 : 0.5 - fy * 0.8);
    }
  }
}

/** Colour on ramp `r` at tone v: interpolated (smooth) or the nearest of five steps (pixel art). */
export function rampColor(r: Ramp, v: number, pixel: boolean, out: Float32Array): void {
  const t = v < 0 ? 0 : v > 1 ? 1 : v;
  if (pixel) {
    const i = t < 0.15 ? 0 : t < 0.43 ? 1 : t < 0.69 ? 2 : t < 0.91 ? 3 : 4;
    const c = r[i] as Ramp[0];
    out[0] = c.r; out[1] = c.g; out[2] = c.b;
    return;
  }
  let i = 0;
  while (i < 3 && t > (STOPS[i + 1] as number)) i++;
  const a = r[i] as Ramp[0], b = r[i + 1] as Ramp[0];
  const f = (t - (STOPS[i] as number)) / ((STOPS[i + 1] as number) - (STOPS[i] as number));
  out[0] = a.r + (b.r - a.r) * f;
  out[1] = a.g + (b.g - a.g) * f;
  out[2] = a.b + (b.b - a.b) * f;
}
