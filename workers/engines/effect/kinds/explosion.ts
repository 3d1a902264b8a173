// Explosion (one-shot): a white flash, then a fireball of merging puffs that swells fast and cools
// (white, yellow, orange, red) while turning into rising smoke that thins away; sparks fly out
// and fall, and a thin shock ring runs ahead. It starts small, is biggest in the middle of the clip
// and is a few wisps of smoke by the end.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { ring, spot, stroke } from '../layerShapes.ts';
import { createField, multiplyField, shadeField, splat } from '../field.ts';
import type { Field } from '../field.ts';
import { RAMP_STEPS, WHITE, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep, detailScale, fieldFor, fillDetail } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.56;

export const explosion: EffectFamily = {
  name: 'explosion',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const smokeLut = rampTable(palette.smoke);
    const noise = createNoise(seed, 'explosion');
    const rng = createRandom(seed, 'explosion-puffs');
    // Puffs of the fireball: direction and distance from the centre, size, and how fast they rise.
    const puffs = Array.from({ length: 24 }, () => ({
      angle: rng.range(0, Math.PI * 2),
      dist: Math.sqrt(rng.next()),
      size: rng.range(0.3, 0.7),
      rise: rng.range(0.6, 1.2),
    }));
    const sparks = emit(createRandom(seed, 'explosion-sparks'), {
      count: 34, x: CX, y: CY, spreadX: 0.03, spreadY: 0.03, speed: [0.9, 2.0], life: [0.35, 0.65], size: [0.004, 0.009], start: [0.02, 0.1],
    });
    let detail: Field | undefined;
    let heat: Field | undefined;
    let smoke: Field | undefined;
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };

    return (layer, t) => {
      const S = layer.width;
      // Half resolution: the fields are smooth, and splatting is most of the cost.
      if (!heat || heat.width !== Math.ceil(S / 2)) {
        heat = createField(S, S, 2);
        smoke = createField(S, S, 2);
      }
      const smokeField = smoke as Field;
      heat.data.fill(0);
      smokeField.data.fill(0);
      const grow = easeOutCubic(t / 0.45); // the fireball's size, 0..1
      const radius = 0.08 + 0.22 * grow;
      const cool = smoothstep(0.08, 0.75, t); // 0 = white hot, 1 = spent
      const lift = 0.14 * t * t;
      for (const p of puffs) {
        const d = radius * p.dist * (0.7 + 0.3 * grow);
        const x = CX + Math.cos(p.angle) * d;
        const y = CY + Math.sin(p.angle) * d * 0.85 - lift * p.rise;
        const r = radius * p.size * (0.9 + 0.3 * t);
        // Burning puffs shrink as they cool, so the fire recedes into the smoke.
        splat(heat, x * S, y * S, r * (1 - 0.5 * cool) * S, 1.2 * (1 - cool));
        // Smoke takes over as the fire cools: larger, rising, thinning out at the end.
        const sr = r * (1 + 0.6 * t);
        splat(smokeField, x * S, (y - 0.1 * t * p.rise) * S, sr * S, 0.7 * smoothstep(0.12, 0.45, t) * (1 - smoothstep(0.5, 1, t) * 0.8));
      }
      detail = fieldFor(detail, S, detailScale(S));
      fillDetail(detail, [smokeField, heat], S, { noise, freq: 6, dx: 0, dy: t * 2, z: t * 1.5, octaves: 3, base: 0.75, amp: 0.9 });
      multiplyField(smokeField, detail);
      multiplyField(heat, detail);
      // The smoke's edge recedes as it thins, so it shrinks away instead of lingering as a haze.
      shadeField(smokeField, layer, {
        lut: smokeLut, steps: RAMP_STEPS, edge0: 0.15 + 0.3 * t, edge1: 0.6 + 0.3 * t, rampAt: 1, rampSlope: 0.7,
        opacity: 0.9, blend: 'over', lit: 1.5,
      });
      shadeField(heat, layer, {
        lut, steps: RAMP_STEPS, edge0: 0.15, edge1: 0.35, rampAt: 1.1 + 0.15 * cool, rampSlope: 0.55, opacity: 1 - 0.55 * cool, blend: 'over',
      });
      // The flash: a white-hot burst at the very start.
      const flash = 1 - smoothstep(0, 0.22, t);
      if (flash > 0) {
        spot(layer, CX * S, CY * S, S * (0.12 + 0.35 * smoothstep(0, 0.2, t)), rampPaint(lut, 0.25, 0.8 * flash), 'add');
        spot(layer, CX * S, CY * S, S * (0.06 + 0.12 * smoothstep(0, 0.15, t)), { ...WHITE, a: flash }, 'add');
      }
      // Light the fireball throws around it while it burns.
      spot(layer, CX * S, CY * S, S * (0.2 + 0.25 * grow), rampPaint(lut, 0.5, 0.25 * (1 - cool)), 'add');
      // The shock ring, running ahead of the fireball.
      const ringT = clamp01((t - 0.03) / 0.4);
      if (ringT > 0 && ringT < 1) {
        const rr = S * (0.1 + 0.38 * easeOutCubic(ringT));
        ring(layer, CX * S, CY * S, rr, rr * 0.92, S * 0.012 * (1 - ringT) + 1, rampPaint(lut, 0.2, 0.6 * (1 - ringT)), 'add');
      }
      for (const p of sparks) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        const tau = age * p.life;
        travel(p, tau, 1.2, 2.5, pos);
        travel(p, Math.max(0, tau - 0.025), 1.2, 2.5, prev);
        const f = lifeFade(age, 0.05, 0.6);
        const c = rampPaint(lut, 0.1 + 0.5 * age, f);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, p.size * S * 0.4, p.size * S, c, 'add', 'solid');
        spot(layer, pos.x * S, pos.y * S, p.size * S * 3, rampPaint(lut, 0.4, 0.3 * f), 'add');
      }
    };
  },
};
