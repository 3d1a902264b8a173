// Magic sparkle (sustained): four-point stars twinkle in and out around a soft aura while glowing
// motes circle and drift upward in a slow swirl. Stars twinkle a whole number of times and motes
// circle a whole number of turns per loop, so it loops.
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge } from '../particles.ts';
import { spot } from '../layerShapes.ts';
import { WHITE, rampPaint, rampTable } from './common.ts';
import { glint } from './shapes.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.52;

export const sparkle: EffectFamily = {
  name: 'sparkle',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const stars = emit(createRandom(seed, 'sparkle-stars'), {
      count: 16, x: CX, y: CY, spreadX: 0.36, spreadY: 0.36, speed: [0, 0.04], life: [0.3, 0.6], size: [0.05, 0.11],
    });
    const motes = emit(createRandom(seed, 'sparkle-motes'), {
      count: 44, x: CX, y: CY, spreadX: 0.05, spreadY: 0.05, speed: [0.12, 0.36], life: [0.5, 1], size: [0.006, 0.014],
    });
    return (layer, t) => {
      const S = layer.width;
      const breathe = 0.5 + 0.5 * Math.cos(Math.PI * 2 * t);
      spot(layer, CX * S, CY * S, S * (0.36 + 0.03 * breathe), rampPaint(lut, 0.7, 0.2 + 0.06 * breathe), 'add');
      spot(layer, CX * S, CY * S, S * 0.16, rampPaint(lut, 0.35, 0.22 + 0.1 * breathe), 'add');
      for (const p of motes) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        // Circles the centre (p.vx's sign picks the direction), widening and rising.
        const turn = (p.vx >= 0 ? 1 : -1) * age * Math.PI * 1.5;
        const ang = p.u * Math.PI * 2 + turn;
        const rad = 0.06 + p.speed * (0.4 + 0.6 * age);
        const x = CX + Math.cos(ang) * rad;
        const y = CY + Math.sin(ang) * rad * 0.8 - 0.12 * age;
        const f = lifeFade(age, 0.2, 0.4);
        spot(layer, x * S, y * S, p.size * S * 3, rampPaint(lut, 0.35, 0.4 * f), 'add');
        spot(layer, x * S, y * S, Math.max(0.8, p.size * S * 0.7), { ...WHITE, a: 0.9 * f }, 'add', 'solid');
      }
      for (const p of stars) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        const tw = Math.sin(Math.PI * age) ** 2;
        glint(layer, lut, p.x * S, (p.y - 0.04 * age) * S, p.size * S * tw, tw, p.v * 0.3 - 0.15);
      }
    };
  },
};
