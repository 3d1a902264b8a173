// Energy orb (sustained): a glowing sphere of plasma. Bright veins of noise on its surface turn
// with it (the sphere rotates one full turn per loop, so the texture comes back exactly), its
// centre is hottest and its rim glows (fresnel), a halo pulses around it, and sparks orbit it on
// tilted rings, passing behind and in front.
import { createNoise, sampleField } from '../noise.ts';
import { spot } from '../layerShapes.ts';
import type { Layer } from '../layer.ts';
import { RAMP_STEPS, WHITE, clamp01, rampPaint, rampTable, scratch } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.5;
const R = 0.21;

/** Sparks on three tilted orbits: where each is at phase t, and whether it is in front. */
function orbiters(t: number): { x: number; y: number; front: boolean; k: number }[] {
  const out: { x: number; y: number; front: boolean; k: number }[] = [];
  for (let o = 0; o < 3; o++) {
    const tilt = -0.5 + o * 0.5;
    const c = Math.cos(tilt), s = Math.sin(tilt);
    for (let j = 0; j < 2; j++) {
      for (let k = 0; k < 6; k++) { // the spark and its fading trail
        const ang = (t + j / 2 + o / 6) * Math.PI * 2 * (o === 1 ? -1 : 1) - k * 0.07 * (o === 1 ? -1 : 1);
        const ex = Math.cos(ang) * R * 1.6, ey = Math.sin(ang) * R * 0.45;
        out.push({ x: CX + ex * c - ey * s, y: CY + ex * s + ey * c, front: Math.sin(ang) > 0, k });
      }
    }
  }
  return out;
}

function drawOrbiters(layer: Layer, lut: Float32Array, t: number, front: boolean): void {
  const S = layer.width;
  for (const p of orbiters(t)) {
    if (p.front !== front) continue;
    const a = (1 - p.k / 6) * (front ? 1 : 0.55);
    spot(layer, p.x * S, p.y * S, S * 0.02 * (1 - p.k / 8), rampPaint(lut, 0.3, 0.5 * a), 'add');
    if (p.k === 0) spot(layer, p.x * S, p.y * S, Math.max(1, S * 0.007), { ...WHITE, a }, 'add', 'solid');
  }
}

export const orb: EffectFamily = {
  name: 'orb',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'orb');
    const pool = new Map<string, Float32Array>();
    return (layer, t) => {
      const S = layer.width;
      const d = layer.data;
      const pulse = 0.5 + 0.5 * Math.cos(Math.PI * 2 * t * 2);
      spot(layer, CX * S, CY * S, S * (0.44 + 0.03 * pulse), rampPaint(lut, 0.65, 0.22 + 0.08 * pulse), 'add');
      spot(layer, CX * S, CY * S, S * R * 1.45, rampPaint(lut, 0.4, 0.35), 'add');
      drawOrbiters(layer, lut, t, false);
      const x0 = Math.floor((CX - R) * S) - 1, y0 = Math.floor((CY - R) * S) - 1;
      const bw = Math.ceil(2 * R * S) + 3, bh = bw;
      const veins = scratch(pool, 'veins', bw * bh);
      const turn = t * Math.PI * 2;
      const c = Math.cos(turn), s = Math.sin(turn);
      sampleField(veins, bw, bh, Math.max(2, Math.round(S / 96)), (x, y) => {
        const nx = ((x + x0) / S - CX) / R, ny = ((y + y0) / S - CY) / R;
        const r2 = nx * nx + ny * ny;
        if (r2 >= 1.2) return 0;
        const z = Math.sqrt(Math.max(0, 1 - r2));
        // The surface point, turned about the vertical axis: the texture rotates with the sphere.
        const v = noise.fbm3((nx * c + z * s) * 1.3, ny * 1.3, (z * c - nx * s) * 1.3, 3);
        return 1 - Math.min(1, Math.abs(v) * 7); // thin ridges where the noise crosses zero
      });
      const Rp = R * S;
      for (let y = 0; y < bh; y++) {
        const ny = (y + y0 + 0.5 - CY * S) / Rp;
        for (let x = 0; x < bw; x++) {
          const nx = (x + x0 + 0.5 - CX * S) / Rp;
          const r2 = nx * nx + ny * ny;
          if (r2 >= 1 + 2 / Rp) continue;
          const z = Math.sqrt(Math.max(0, 1 - r2));
          const rim = (1 - z) ** 2;
          const vein = veins[y * bw + x] as number;
          const pos = clamp01(0.86 - 0.32 * z - 0.6 * vein * vein - 0.3 * rim);
          const a = 0.96 * clamp01((1 - Math.sqrt(r2)) * Rp + 0.5);
          const i = Math.round(pos * (RAMP_STEPS - 1)) * 3;
          const o = ((y + y0) * S + x + x0) * 4;
          if (o < 0 || o >= d.length) continue;
          const keep = 1 - a;
          d[o] = (lut[i] as number) * a + (d[o] as number) * keep;
          d[o + 1] = (lut[i + 1] as number) * a + (d[o + 1] as number) * keep;
          d[o + 2] = (lut[i + 2] as number) * a + (d[o + 2] as number) * keep;
          d[o + 3] = a + (d[o + 3] as number) * keep;
        }
      }
      spot(layer, CX * S, CY * S, S * R * 0.5, { ...WHITE, a: 0.35 + 0.15 * pulse }, 'add');
      drawOrbiters(layer, lut, t, true);
    };
  },
};
