// Heal / holy (one-shot): a ring of light opens on the ground, a column of soft light rises from
// it with streaks running up, and plus signs and glints float up and fade. It swells in, holds
// through the middle of the clip and fades out with the last motes.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade } from '../particles.ts';
import { ring, spot } from '../layerShapes.ts';
import { WHITE, easeOutCubic, envelope, rampPaint, rampTable, RAMP_STEPS } from './common.ts';
import { glint, plus } from './shapes.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const GROUND = 0.8;
const TOP = 0.08;
const HALF = 0.2;

export const heal: EffectFamily = {
  name: 'heal',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'heal');
    const motes = emit(createRandom(seed, 'heal-motes'), {
      count: 16, x: CX, y: GROUND - 0.06, spreadX: 0.2, spreadY: 0.05, angle: -Math.PI / 2, cone: 0.15,
      speed: [0.35, 0.65], life: [0.45, 0.7], size: [0.022, 0.04], start: [0.05, 0.5],
    });
    return (layer, t) => {
      const S = layer.width;
      const d = layer.data;
      const env = envelope(t, 0.3, 0.6);
      const open = easeOutCubic(t / 0.35);
      // The ground ring and its glow.
      const rx = S * (0.12 + 0.2 * open);
      spot(layer, CX * S, GROUND * S, rx * 1.3, rampPaint(lut, 0.5, 0.35 * env), 'add');
      ring(layer, CX * S, GROUND * S, rx, rx * 0.3, S * 0.02, rampPaint(lut, 0.3, 0.8 * env), 'add');
      ring(layer, CX * S, GROUND * S, rx, rx * 0.3, Math.max(1, S * 0.004), { ...WHITE, a: 0.9 * env }, 'add');
      // The column: brightest on its axis and at its foot, streaked, rising with the clip.
      const reach = TOP + (GROUND - TOP) * (1 - easeOutCubic(t / 0.4));
      const half = HALF * (0.5 + 0.5 * open);
      const x0 = Math.max(0, Math.floor((CX - half) * S)), x1 = Math.min(S, Math.ceil((CX + half) * S));
      const y0 = Math.max(0, Math.floor(reach * S)), y1 = Math.min(S, Math.ceil(GROUND * S));
      for (let y = y0; y < y1; y++) {
        const v = (y + 0.5) / S;
        const up = (GROUND - v) / (GROUND - reach); // 0 at the ground, 1 at the top
        const fall = (1 - up) ** 1.3;
        for (let x = x0; x < x1; x++) {
          const u = ((x + 0.5) / S - CX) / half;
          const q = 1 - u * u;
          if (q <= 0) continue;
          const streak = 0.65 + 0.55 * noise.noise2(u * 5, v * 3 + t * 4);
          const a = q * q * fall * streak * 0.55 * env;
          if (a <= 0.003) continue;
          const i = Math.round(Math.min(1, 0.15 + 0.5 * (1 - q) + 0.3 * up) * (RAMP_STEPS - 1)) * 3;
          const o = (y * S + x) * 4;
          d[o] = (d[o] as number) + (lut[i] as number) * a;
          d[o + 1] = (d[o + 1] as number) + (lut[i + 1] as number) * a;
          d[o + 2] = (d[o + 2] as number) + (lut[i + 2] as number) * a;
          d[o + 3] = (d[o + 3] as number) + a;
        }
      }
      for (const p of motes) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        const f = lifeFade(age, 0.2, 0.4);
        const x = (p.x + 0.02 * Math.sin(age * 7 + p.u * 6)) * S;
        const y = (p.y + p.vy * age * p.life) * S;
        if (p.id % 3 === 0) glint(layer, lut, x, y, p.size * S * 1.6 * f, f);
        else plus(layer, lut, x, y, p.size * S * (0.6 + 0.4 * f), f);
      }
    };
  },
};
