// Poison (sustained): a low, churning cloud of toxic gas (metaball puffs lit from above) with
// bubbles that rise out of it, swell and pop into a ring, and thin wisps drifting up. Every puff,
// bubble and wisp lives once per loop, so it loops.
import { createNoise } from '../noise.ts';
import { createRandom } from '../../../kernels/random.ts';
import { emit, lifeFade, loopAge } from '../particles.ts';
import { ring, spot } from '../layerShapes.ts';
import { createField, multiplyField, shadeField, splat } from '../field.ts';
import type { Field } from '../field.ts';
import { RAMP_STEPS, WHITE, rampPaint, rampTable, detailScale, fieldFor, backdrop, fillDetail } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.66;

export const poison: EffectFamily = {
  name: 'poison',
  oneShot: false,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const noise = createNoise(seed, 'poison');
    const puffs = emit(createRandom(seed, 'poison-puffs'), {
      count: 24, x: CX, y: CY + 0.04, spreadX: 0.3, spreadY: 0.06, angle: -Math.PI / 2, cone: 0.6,
      speed: [0.08, 0.22], life: [0.6, 1], size: [0.08, 0.13],
    });
    const bubbles = emit(createRandom(seed, 'poison-bubbles'), {
      count: 12, x: CX, y: CY, spreadX: 0.24, spreadY: 0.05, angle: -Math.PI / 2, cone: 0.2,
      speed: [0.3, 0.5], life: [0.35, 0.6], size: [0.025, 0.05],
    });
    let detail: Field | undefined;
    let field: Field | undefined;

    // The glow is the same in every frame: drawn once (first, on the cleared layer) and copied.
    const glow = backdrop((l) => {
      const S = l.width;
      spot(l, CX * S, CY * S, S * 0.42, rampPaint(lut, 0.6, 0.2), 'add');
    });
    return (layer, t) => {
      const S = layer.width;
      // Half resolution: the field is smooth, and splatting is most of the cost.
      if (!field || field.width !== Math.ceil(S / 2)) field = createField(S, S, 2);
      field.data.fill(0);
      glow(layer);
      for (const p of puffs) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        const x = p.x + p.vx * age;
        const y = p.y + p.vy * age;
        splat(field, x * S, y * S, p.size * (0.6 + 0.8 * age) * S, 0.9 * lifeFade(age, 0.25, 0.5));
      }
      detail = fieldFor(detail, S, detailScale(S));
      fillDetail(detail, [field], S, { noise, freq: 6, dx: t * 2, dy: 0, z: t * 2, octaves: 3, base: 0.7, amp: 0.9, px: 2, py: 0, pz: 2 });
      multiplyField(field, detail);
      shadeField(field, layer, {
        lut, steps: RAMP_STEPS, edge0: 0.1, edge1: 0.55, rampAt: 0.98, rampSlope: 0.3, opacity: 0.8, blend: 'over', lit: 0.8,
      });
      for (const p of bubbles) {
        const { age } = loopAge(p, t);
        if (age >= 1) continue;
        const x = (p.x + 0.02 * Math.sin(age * 8 + p.u * 6)) * S;
        const y = (p.y + p.vy * age) * S;
        const r = p.size * S * (0.5 + 0.7 * age);
        if (age < 0.85) {
          // A bubble: thin film (faint fill, bright rim) with a highlight.
          const f = lifeFade(age, 0.15, 0.05);
          spot(layer, x, y, r, rampPaint(lut, 0.45, 0.3 * f), 'over', 'solid');
          ring(layer, x, y, r, r, Math.max(0.8, r * 0.12), rampPaint(lut, 0.15, 0.95 * f), 'over', 'solid');
          spot(layer, x - r * 0.35, y - r * 0.4, Math.max(0.8, r * 0.22), { ...WHITE, a: 0.85 * f }, 'add', 'solid');
        } else {
          // Popped: a ring of spray spreading and fading.
          const k = (age - 0.85) / 0.15;
          ring(layer, x, y, r * (1 + 0.8 * k), r * (1 + 0.8 * k), Math.max(0.8, r * 0.1 * (1 - k)), rampPaint(lut, 0.1, 0.9 * (1 - k)), 'add');
        }
      }
    };
  },
};
