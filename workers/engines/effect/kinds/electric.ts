// Electric (sustained): a charged core that pulses, with arcs that jump from it to points around
// it and between those points, new every frame (electricity flickers: a new shape per frame slot,
// and frame slot n is slot 0, so it loops), and sparks spitting where the arcs land.
import { createRandom } from '../../../kernels/random.ts';
import { spot } from '../layerShapes.ts';
import { WHITE, rampPaint, rampTable } from './common.ts';
import { boltPath, drawBolt } from './shapes.ts';
import type { EffectFamily } from './types.ts';

const CX = 0.5;
const CY = 0.5;

export const electric: EffectFamily = {
  name: 'electric',
  oneShot: false,
  create({ seed, palette, frames }) {
    const lut = rampTable(palette.ramp);
    return (layer, t) => {
      const S = layer.width;
      const slot = ((Math.round(t * frames) % frames) + frames) % frames;
      const rng = createRandom(seed, `electric-${slot}`);
      const pulse = 0.5 + 0.5 * Math.cos(Math.PI * 2 * t);
      spot(layer, CX * S, CY * S, S * (0.3 + 0.04 * pulse), rampPaint(lut, 0.6, 0.22 + 0.08 * pulse), 'add');
      spot(layer, CX * S, CY * S, S * (0.1 + 0.02 * pulse), rampPaint(lut, 0.2, 0.75), 'add');
      spot(layer, CX * S, CY * S, S * 0.045, { ...WHITE, a: 0.95 }, 'add');
      const ends: [number, number][] = [];
      const arcs = rng.int(5, 7);
      const start = rng.range(0, Math.PI * 2);
      for (let i = 0; i < arcs; i++) {
        const ang = start + (i / arcs) * Math.PI * 2 + rng.range(-0.4, 0.4);
        const r = rng.range(0.26, 0.42);
        const ex = CX + Math.cos(ang) * r, ey = CY + Math.sin(ang) * r;
        ends.push([ex, ey]);
        const pts = boltPath(rng, CX + Math.cos(ang) * 0.04, CY + Math.sin(ang) * 0.04, ex, ey, 0.3, 5);
        drawBolt(layer, lut, pts.map((v) => v * S), Math.max(1.1, S * rng.range(0.004, 0.006)), rng.range(0.75, 1));
        // A fork off the arc's middle.
        if (rng.next() < 0.6) {
          const k = rng.int(10, 22);
          const fx = pts[2 * k] as number, fy = pts[2 * k + 1] as number;
          const fa = ang + rng.range(-0.9, 0.9);
          const fl = rng.range(0.06, 0.14);
          drawBolt(layer, lut, boltPath(rng, fx, fy, fx + Math.cos(fa) * fl, fy + Math.sin(fa) * fl, 0.35, 3).map((v) => v * S), Math.max(0.8, S * 0.0028), 0.7);
        }
      }
      // Arcs jumping between neighbouring landing points.
      for (let i = 0; i < ends.length; i++) {
        if (rng.next() < 0.5) continue;
        const [ax, ay] = ends[i] as [number, number];
        const [bx, by] = ends[(i + 1) % ends.length] as [number, number];
        drawBolt(layer, lut, boltPath(rng, ax, ay, bx, by, 0.3, 4).map((v) => v * S), Math.max(0.9, S * 0.003), 0.7);
      }
      for (const [ex, ey] of ends) {
        spot(layer, ex * S, ey * S, S * 0.035, rampPaint(lut, 0.3, 0.6), 'add');
        spot(layer, ex * S, ey * S, Math.max(1, S * 0.008), { ...WHITE, a: 0.9 }, 'add', 'solid');
      }
    };
  },
};
