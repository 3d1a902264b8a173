// Rigs for what is not a humanoid. Every one has a soft body: a chain of three bones up the middle
// (base, belly, top) that squashes, stretches and sways without seams. Thin parts below it that
// reach the ground are legs (a quadruped's, a spider's); thin parts out to the sides above the
// ground are wings (a bat's, a bird's). Items and slimes are the body alone.
import type { Silhouette } from './silhouette.ts';
import { coreOf, extremes, maxThickness, meanX, thinParts } from './silhouette.ts';
import { RigBuilder, vec } from './builder.ts';
import type { BodyPlan, Rig, Vec } from './types.ts';

interface Appendage {
  pixels: number[];
  /** Where it joins the body (its pixel nearest the core's centre) and its far end. */
  root: Vec;
  tip: Vec;
  kind: 'leg' | 'wing';
}

function appendagesOf(s: Silhouette, core: Uint8Array, centre: Vec): Appendage[] {
  const { width, box } = s;
  const bottom = box.y + box.height;
  const out: Appendage[] = [];
  for (const pixels of thinParts(s, core, Math.max(4, 0.02 * s.area))) {
    const { near: root, far: tip, nearDistance, length } = extremes(pixels, width, centre);
    if (length - nearDistance < 0.15 * box.height) continue;
    const lowest = pixels.reduce((low, p) => Math.max(low, Math.floor(p / width) + 0.5), 0);
    const reachesGround = lowest >= bottom - Math.max(1.5, 0.08 * box.height);
    const sideways = Math.abs(tip.x - centre.x) > Math.abs(tip.y - centre.y);
    if (reachesGround && tip.y > centre.y) out.push({ pixels, root, tip, kind: 'leg' });
    else if (sideways) out.push({ pixels, root, tip, kind: 'wing' });
  }
  return out;
}

export function creatureRig(s: Silhouette, facing: 1 | -1): Rig {
  const { box, width } = s;
  const H = box.height;
  const bottom = box.y + box.height;
  const core = coreOf(s, Math.max(1.5, 0.55 * maxThickness(s)));
  const cx = meanX(s, box.y, bottom, (p) => core[p] === 1);
  const centreX = Number.isNaN(cx) ? box.x + box.width / 2 : cx;
  const appendages = appendagesOf(s, core, vec(centreX, box.y + H / 2));
  const legs = appendages.filter((a) => a.kind === 'leg');
  const wings = appendages.filter((a) => a.kind === 'wing');
  // The body's bottom: where the legs join it, or the ground for a body that sits on it.
  const base = legs.length > 0 ? Math.min(...legs.map((l) => l.root.y)) : bottom;
  const b = new RigBuilder(width, s.height);
  b.bone('pelvis', null, vec(centreX, base), vec(centreX, base - 0.01));
  b.bone('base', 'pelvis', vec(centreX, base), vec(centreX, base - 0.35 * (base - box.y)));
  b.bone('belly', 'base', vec(centreX, base - 0.35 * (base - box.y)), vec(centreX, base - 0.7 * (base - box.y)));
  b.bone('top', 'belly', vec(centreX, base - 0.7 * (base - box.y)), vec(centreX, box.y));
  const body = b.part('body', ['base', 'belly', 'top'], 0);
  const named: { a: Appendage; part: number }[] = [];
  // Legs front to back in the facing direction alternate in pairs (0, 2 together, then 1, 3).
  legs.sort((p, q) => facing * (q.root.x - p.root.x)).forEach((a, i) => {
    const name = `leg${i}`;
    b.bone(name, 'pelvis', a.root, vec((a.root.x + a.tip.x) / 2, (a.root.y + a.tip.y) / 2));
    b.bone(`${name}Lower`, name, vec((a.root.x + a.tip.x) / 2, (a.root.y + a.tip.y) / 2), a.tip);
    named.push({ a, part: b.part(name, [name, `${name}Lower`, 'base'], i % 2 === 0 ? 0.1 : -0.5) });
  });
  for (const a of wings) {
    const name = a.tip.x < centreX ? 'wingL' : 'wingR';
    if (b.index[name] !== undefined) continue;
    b.bone(name, 'belly', a.root, a.tip);
    named.push({ a, part: b.part(name, [name, 'belly'], 0.2) });
  }
  for (let y = box.y; y < bottom; y++) for (const r of s.rows[y] ?? []) for (let x = r.x0; x < r.x1; x++) b.label(y * width + x, body);
  for (const { a, part } of named) for (const p of a.pixels) b.label(p, part);
  const plan: BodyPlan = legs.length >= 2 ? 'legged' : wings.length > 0 ? 'winged' : 'blob';
  const groundX = legs.length > 0 ? legs.reduce((sx, l) => sx + l.tip.x, 0) / legs.length : meanX(s, bottom - 1, bottom);
  return b.build(plan, 'side', facing, H, vec(Number.isNaN(groundX) ? centreX : groundX, bottom));
}
