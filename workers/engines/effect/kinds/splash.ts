// Water splash (one-shot): something hits the surface. A crown of drops is thrown up and out and
// falls back under gravity, each drop stretched along its motion with a highlight; a jet rises in
// the middle and collapses; ripples spread over the surface and fade.
import { createRandom } from '../../../kernels/random.ts';
import { burstAge, emit, lifeFade, travel } from '../particles.ts';
import { ring, spot, stroke } from '../layerShapes.ts';
import { WHITE, clamp01, easeOutCubic, rampPaint, rampTable, smoothstep } from './common.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const SURFACE = 0.76;
const GRAVITY = 5;

export const splash: EffectFamily = {
  name: 'splash',
  oneShot: true,
  create({ seed, palette }) {
    const lut = rampTable(palette.ramp);
    const drops = emit(createRandom(seed, 'splash-drops'), {
      count: 46, x: CX, y: SURFACE - 0.01, spreadX: 0.07, spreadY: 0.01, angle: -Math.PI / 2, cone: 0.95,
      speed: [0.9, 2.1], life: [0.55, 0.9], size: [0.008, 0.02], start: [0.02, 0.16],
    });
    const rings = [0, 0.12, 0.26];
    const pos = { x: 0, y: 0 };
    const prev = { x: 0, y: 0 };

    return (layer, t) => {
      const S = layer.width;
      // Ripples on the surface, widest last.
      for (const delay of rings) {
        const k = clamp01((t - delay) / (1 - delay));
        if (k <= 0) continue;
        const rx = (0.08 + 0.36 * easeOutCubic(k)) * S;
        const a = (1 - k) * smoothstep(0, 0.08, k);
        ring(layer, CX * S, SURFACE * S, rx, rx * 0.22, S * 0.012 * (1 - 0.5 * k), rampPaint(lut, 0.45, 0.7 * a), 'over');
        ring(layer, CX * S, SURFACE * S - 1, rx, rx * 0.22, Math.max(0.8, S * 0.003), { ...WHITE, a: 0.7 * a }, 'add');
      }
      // The central jet: up fast, then falling back into the surface.
      const jet = Math.sin(Math.PI * clamp01((t - 0.08) / 0.62));
      if (jet > 0.03) {
        const top = SURFACE - 0.3 * jet;
        const w = S * 0.03 * (0.6 + 0.4 * jet);
        // A column, wide at the foot, with a highlight down it, and a drop breaking off its top.
        stroke(layer, CX * S, SURFACE * S, CX * S, top * S, w * 1.8, w * 0.45, rampPaint(lut, 0.5, 0.85), 'over', 'solid');
        stroke(layer, CX * S - w * 0.4, SURFACE * S, CX * S - w * 0.15, (top + 0.04) * S, w * 0.4, w * 0.12, rampPaint(lut, 0.15, 0.8), 'over', 'solid');
        spot(layer, CX * S, top * S - w * 1.6 * jet, w * 0.7, rampPaint(lut, 0.3, 0.9), 'over', 'solid');
      }
      // The splash's body where it hits: a foamy mound that sinks back.
      const mound = 1 - smoothstep(0.05, 0.55, t);
      if (mound > 0) {
        spot(layer, CX * S, SURFACE * S, S * 0.16 * (0.6 + 0.4 * mound), rampPaint(lut, 0.35, 0.8 * mound), 'over');
        spot(layer, CX * S, (SURFACE - 0.02) * S, S * 0.08, { ...WHITE, a: 0.5 * mound }, 'add');
      }
      for (const p of drops) {
        const age = burstAge(p, t);
        if (age <= 0 || age >= 1) continue;
        const tau = age * p.life;
        travel(p, tau, GRAVITY, 0.4, pos);
        if (pos.y > SURFACE + 0.02) continue; // fell back in
        travel(p, Math.max(0, tau - 0.03), GRAVITY, 0.4, prev);
        const f = lifeFade(age, 0.02, 0.25);
        const r = p.size * S * (1 - 0.4 * age);
        stroke(layer, prev.x * S, prev.y * S, pos.x * S, pos.y * S, r * 0.45, r, rampPaint(lut, 0.3 + 0.4 * p.u, 0.9 * f), 'over', 'solid');
        spot(layer, pos.x * S - r * 0.3, pos.y * S - r * 0.3, Math.max(0.7, r * 0.4), { ...WHITE, a: 0.9 * f }, 'add', 'solid');
      }
    };
  },
};
