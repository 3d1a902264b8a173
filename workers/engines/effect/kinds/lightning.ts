// Lightning strike (one-shot): a dim leader feels its way down from the top, the full bolt with
// its branches strikes the ground in a white flash (flickering between frames, as a real strike
// re-strikes), then the channel fades while the impact point crackles and throws sparks.
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { spot, stroke } from '../layerShapes.ts';
import { WHITE, rampPaint, rampTable, smoothstep } from './common.ts';
import { boltPath, drawBolt } from './shapes.ts';
import type { EffectFamily } from './types.ts';

const GROUND = 0.86;

export const lightning: EffectFamily = {
  name: 'lightning',
  oneShot: true,
  create({ seed, palette, frames }) {
    const lut = rampTable(palette.ramp);
    const rng = createRandom(seed, 'lightning-channel');
    const top = { x: 0.5 + rng.range(-0.16, 0.16), y: 0.01 };
    const hit = { x: 0.5 + rng.range(-0.05, 0.05), y: GROUND };
    const main = boltPath(rng, top.x, top.y, hit.x, hit.y, 0.2, 6);
    // Branches leave the channel downward and outward, each a smaller bolt of its own.
    const branches = Array.from({ length: 6 }, () => {
      const at = rng.int(6, 40);
      const x0 = main[2 * at] as number, y0 = main[2 * at + 1] as number;
      const side = rng.next() < 0.5 ? -1 : 1;
      const len = rng.range(0.14, 0.3);
      const ang = Math.PI / 2 + side * rng.range(0.5, 1.0);
      return { from: at / 32, pts: boltPath(rng, x0, y0, x0 + Math.cos(ang) * len, y0 + Math.sin(ang) * len, 0.28, 4) };
    });
    const sparks = emit(createRandom(seed, 'lightning-sparks'), {
      count: 26, x: hit.x, y: GROUND - 0.01, spreadX: 0.02, angle: -Math.PI / 2, cone: 1.3,
      speed: [0.5, 1.2], life: [0.3, 0.6], size: [0.003, 0.007], start: [0.3, 0.55],
    });
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };

    return (layer, t) => {
      const S = layer.width;
      const px = (pts: readonly number[]): number[] => pts.map((v) => v * S);
      const slot = Math.round(t * frames);
      // Leader until 0.3, the strike's peak to about 0.55, then the channel fades.
      const leader = smoothstep(0, 0.3, t);
      const strike = t >= 0.3 ? 1 - 0.92 * smoothstep(0.5, 1, t) : 0;
      // Re-strikes: the bolt's brightness flickers from frame to frame while it is lit.
      const flicker = slot % 2 === 0 ? 1 : 0.72;
      const width = Math.max(1.3, S * 0.007);
      if (t < 0.3) {
        drawBolt(layer, lut, px(main), width * 0.6, 0.55, leader);
        for (const b of branches) if (b.from < leader) drawBolt(layer, lut, px(b.pts), width * 0.35, 0.4, (leader - b.from) * 2);
      }
      if (strike > 0) {
        const a = strike * flicker;
        // The sky lit up, and the glow of the whole channel.
        spot(layer, top.x * S, S * 0.3, S * 0.55, rampPaint(lut, 0.6, 0.24 * a), 'add');
        drawBolt(layer, lut, px(main), width * (0.6 + 0.6 * strike), a);
        for (const b of branches) drawBolt(layer, lut, px(b.pts), width * 0.55 * (0.5 + 0.5 * strike), a * 0.85 * (1 - smoothstep(0.55, 0.9, t)));
      }
      // The impact: a glow that lingers longest, and crackles that change every frame.
      const impact = smoothstep(0.24, 0.34, t) * (1 - 0.85 * smoothstep(0.55, 1, t));
      if (impact > 0) {
        spot(layer, hit.x * S, GROUND * S, S * 0.2, rampPaint(lut, 0.5, 0.45 * impact), 'add');
        spot(layer, hit.x * S, GROUND * S, S * 0.06, { ...WHITE, a: 0.7 * impact }, 'add');
        const crackle = createRandom(seed, `lightning-crackle-${slot}`);
        for (let i = 0; i < 4; i++) {
          const ang = -Math.PI / 2 + crackle.range(-1.4, 1.4);
          const len = crackle.range(0.05, 0.13) * (0.5 + impact);
          const pts = boltPath(crackle, hit.x, GROUND, hit.x + Math.cos(ang) * len, GROUND + Math.sin(ang) * len * 0.6, 0.35, 3);
          drawBolt(layer, lut, px(pts), width * 0.4, 0.8 * impact);
        }
      }
      for (const p of sparks) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        travel(p, age * p.life, 3, 1.5, pos);
        travel(p, Math.max(0, age * p.life - 0.02), 3, 1.5, prev);
        const f = lifeFade(age, 0.05, 0.5);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, p.size * S * 0.5, p.size * S, rampPaint(lut, 0.15, f), 'add', 'solid');
      }
    };
  },
};
