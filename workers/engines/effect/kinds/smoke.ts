// Smoke (sustained): puffs rise from a source, swell, drift and thin out, summed into a density
// field so neighbours merge into billows. The field is broken up by slowly churning noise and lit
// from above (upper surfaces pale, undersides dark), drawn 'over' so it hides what is behind.
// Each puff lives once per loop, so it loops.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge } from '../particles.ts';
import { createField, multiplyField, shadeField, splat } from '../field.ts';
import type { Field } from '../field.ts';
import { RAMP_STEPS, rampTable, detailScale, fieldFor, fillDetail } from './common.ts';
import type { EffectFamily } from './types.ts';

export const smoke: EffectFamily = {
  name: 'smoke',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'smoke');
    const drift = createNoise(seed, 'smoke-drift');
    const puffs = emit(createRandom(seed, 'smoke-puffs'), {
      count: 44, x: 0.5, y: 0.88, spreadX: 0.09, spreadY: 0.02, angle: -Math.PI / 2, cone: 0.3,
      speed: [0.6, 0.78], life: [0.75, 1], size: [0.07, 0.1],
    });
    let detail: Field | undefined;
    let field: Field | undefined;

    return (layer, t) => {
      const S = layer.width;
      // Half resolution: the field is smooth, and splatting is most of the cost.
      if (!field || field.width !== Math.ceil(S / 2)) field = createField(S, S, 2);
      field.data.fill(0);
      for (const p of puffs) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        // Rises fast at first and slows (it cools), swells, and wanders sideways.
        const rise = p.speed * (1 - (1 - age) ** 1.6);
        const x = p.x + p.vx * age * 0.6 + drift.noise1(p.u * 31 + age * 1.7) * 0.07 * age;
        const y = p.y - rise;
        const r = p.size * (0.5 + 2.3 * age);
        splat(field, x * S, y * S, r * S, 0.55 * lifeFade(age, 0.15, 0.6));
      }
      detail = fieldFor(detail, S, detailScale(S));
      fillDetail(detail, [field], S, { noise, freq: 5, dx: 0, dy: t * 3, z: t * 2, octaves: 3, base: 0.7, amp: 0.9, px: 0, py: 3, pz: 2 });
      multiplyField(field, detail);
      shadeField(field, layer, {
        lut, steps: RAMP_STEPS, edge0: 0.08, edge1: 0.6, rampAt: 0.9, rampSlope: 0.5, opacity: 0.9, blend: 'over', lit: 1.2,
      });
    };
  },
};
