// Dust (one-shot): the puff of a landing or a stomp. Billows roll out along the ground to both
// sides, slowing, swelling and lifting a little, lit from above, while grit and pebbles are thrown
// up and fall back; by the end only a thin haze is left settling.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { spot } from '../layerShapes.ts';
import { createField, multiplyField, shadeField, splat } from '../field.ts';
import type { Field } from '../field.ts';
import { RAMP_STEPS, easeOutCubic, rampPaint, rampTable, smoothstep, detailScale, fieldFor, fillDetail } from './common.ts';
import type { EffectFamily } from './types.ts';

const GROUND = 0.8;

export const dust: EffectFamily = {
  name: 'dust',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'dust');
    const rng = createRandom(seed, 'dust-billows');
    // Billows: which side, how far they roll, how high they lift, their size.
    const billows = Array.from({ length: 28 }, (_, i) => ({
      side: i % 2 === 0 ? 1 : -1,
      reach: rng.range(0.02, 0.36),
      lift: rng.range(0.01, 0.22) * (1 - 0.5 * (i % 3 === 0 ? 0 : 1)),
      size: rng.range(0.06, 0.12),
      delay: rng.range(0, 0.15),
    }));
    const grit = emit(createRandom(seed, 'dust-grit'), {
      count: 26, x: 0.5, y: GROUND - 0.02, spreadX: 0.08, spreadY: 0.01, angle: -Math.PI / 2, cone: 1.2,
      speed: [0.6, 1.3], life: [0.4, 0.7], size: [0.004, 0.009], start: [0, 0.08],
    });
    let detail: Field | undefined;
    let field: Field | undefined;
    const pos = { x: 0, y: 0 };

    return (layer, t) => {
      const S = layer.width;
      // Half resolution: the field is smooth, and splatting is most of the cost.
      if (!field || field.width !== Math.ceil(S / 2)) field = createField(S, S, 2);
      field.data.fill(0);
      for (const b of billows) {
        const k = Math.max(0, (t - b.delay) / (1 - b.delay));
        if (k <= 0) continue;
        const go = easeOutCubic(k * 1.6);
        const x = 0.5 + b.side * b.reach * go;
        const y = GROUND - 0.03 - b.lift * go - 0.04 * k;
        const r = b.size * (0.35 + 1.1 * go + 0.3 * k);
        // Thick as it rolls out, then thinning to nothing.
        const dens = smoothstep(0, 0.06, k) * (1 - 0.8 * smoothstep(0.3, 1, k));
        splat(field, x * S, y * S, r * S, 0.6 * dens);
      }
      detail = fieldFor(detail, S, detailScale(S));
      fillDetail(detail, [field], S, { noise, freq: 8, dx: 0, dy: 0, z: t * 1.5, octaves: 3, base: 0.7, amp: 1.0 });
      multiplyField(field, detail);
      shadeField(field, layer, {
        lut, steps: RAMP_STEPS, edge0: 0.08 + 0.06 * t, edge1: 0.6, rampAt: 0.95, rampSlope: 0.6, opacity: 0.85, blend: 'over', lit: 1.2,
      });
      for (const p of grit) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        travel(p, age * p.life, 4.5, 1, pos);
        const f = lifeFade(age, 0.05, 0.3);
        spot(layer, pos.x * S, pos.y * S, Math.max(0.8, p.size * S), rampPaint(lut, 0.75 + 0.2 * p.u, f), 'over', 'solid');
      }
    };
  },
};
