// Swords and daggers, drawn upright and turned 45 degrees (tip to the top right, as inventory icons
// show them): a ridged blade whose two halves catch the light differently, a fuller, a guard (bar,
// curved, winged or a katana's disc), a wrapped grip and a pommel. Straight, leaf-shaped, broad,
// thin (rapier) and curved (katana, sabre, scimitar) blades.
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { capsule, circle, ellipse, roundBox, star } from '../shapes.ts';
import type { Point } from '../shapes.ts';
import { ribbon } from '../shapeOps.ts';
import { LOOKS, fixed, glint, rgb, turn } from './common.ts';
import type { Generator, IconContext } from './types.ts';

export interface BladeSpec {
  /** y of the blade's base (the guard) and its length upward. */
  base: number;
  length: number;
  /** Half-width at the base. */
  width: number;
  /** Sideways bend of the tip (0 = straight). */
  curve: number;
  /** 'straight' | 'leaf' | 'broad' | 'thin' */
  profile: 'straight' | 'leaf' | 'broad' | 'thin' | 'curved';
  fuller: boolean;
  /** Where along the blade the point starts narrowing (0..1); daggers start early. */
  tip?: number;
}

/** A blade pointing up: two facet halves, a fuller and an edge glint. */
export function bladeParts(spec: BladeSpec, metal: Material, pixel: boolean): Part[] {
  const n = 14;
  const tipStart = spec.tip ?? (spec.profile === 'curved' ? 0.82 : 0.8);
  const path: Point[] = [], widths: number[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    path.push([spec.curve * t * t, spec.base - spec.length * t]);
    let w = spec.width;
    if (spec.profile === 'leaf') w *= 1 + 0.28 * Math.sin(Math.PI * Math.min(1, t / 0.85));
    if (spec.profile === 'broad') w *= 1 - 0.15 * t;
    if (spec.profile === 'curved') w *= 1 + 0.12 * t;
    // The point: slightly convex sides, a sharp tip.
    if (t > tipStart) w *= Math.max(0, 1 - (t - tipStart) / (1 - tipStart)) ** 0.75;
    widths.push(i === n ? 0 : w);
  }
  const r = ribbon(path, widths);
  const parts: Part[] = spec.profile === 'curved'
    ? [
        // A curved blade: a bright back and a darker edge band rather than a central ridge.
        { shape: r.whole, material: metal, bevel: spec.width * 0.5, tilt: [-0.15, 0], line: 0.45 },
        { shape: r.right, material: metal, tilt: [0.45, 0], tone: 0.08 },
      ]
    : [
        { shape: r.left, material: metal, tilt: [-0.5, -0.1], bevel: spec.width * 0.25 },
        { shape: r.right, material: metal, tilt: [0.5, 0.1], bevel: spec.width * 0.25 },
        { shape: r.whole, material: metal, lineOnly: true, line: 0.45 },
      ];
  if (spec.fuller && spec.profile !== 'curved') {
    parts.push({ shape: capsule(0, spec.base - spec.length * 0.08, 0, spec.base - spec.length * 0.62, spec.width * (pixel ? 0.18 : 0.2)), material: metal, tone: -0.22, thin: true });
  }
  return parts;
}

/** Guard, grip and pommel below a blade whose base is at y = base. */
export function hiltParts(ctx: IconContext, base: number, bladeWidth: number, guardMat: Material, style: 'bar' | 'curved' | 'winged' | 'disc', gripLen: number): Part[] {
  const { rng } = ctx;
  const parts: Part[] = [];
  const grip = fixed('grip', style === 'disc' ? { color: rgb(60, 50, 70), finish: 'matte', texture: { kind: 'wrap', amount: 0.12, scale: 9 } } : { ...LOOKS.leather, texture: { kind: 'wrap', amount: 0.1, scale: 11 } });
  const gw = style === 'disc' ? 0 : Math.max(bladeWidth * 2.6, rng.range(0.26, 0.38) * Math.min(1, bladeWidth / 0.1));
  const gripW = style === 'disc' ? 0.06 : 0.055;
  parts.push({ shape: roundBox(0, base + gripLen / 2 + 0.04, gripW, gripLen / 2, 0.03), material: grip, bevel: 0.05, line: 0.45 });
  if (style === 'bar') {
    parts.push({ shape: roundBox(0, base + 0.02, gw, 0.055, 0.04), material: guardMat, bevel: 0.05, line: 0.45 });
  } else if (style === 'curved') {
    const arc: Point[] = [];
    for (let i = 0; i <= 8; i++) {
      const x = -gw + (2 * gw * i) / 8;
      arc.push([x, base + 0.04 - 0.13 * (x / gw) ** 2]);
    }
    parts.push({ shape: ribbon(arc, arc.map(() => 0.045)).whole, material: guardMat, bevel: 0.04, line: 0.45 });
    parts.push({ shape: circle(-gw, base - 0.09, 0.06), material: guardMat, bevel: 0.06, line: 0.45 });
    parts.push({ shape: circle(gw, base - 0.09, 0.06), material: guardMat, bevel: 0.06, line: 0.45 });
  } else if (style === 'winged') {
    parts.push({ shape: ribbon([[-gw, base - 0.1], [-gw * 0.5, base + 0.01], [0, base + 0.04], [gw * 0.5, base + 0.01], [gw, base - 0.1]], [0.02, 0.055, 0.065, 0.055, 0.02]).whole, material: guardMat, bevel: 0.05, line: 0.45 });
  } else {
    parts.push({ shape: ellipse(0, base + 0.02, 0.17, 0.065), material: guardMat, bevel: 0.05, line: 0.45 });
  }
  // Pommel: a metal knob or a set gem.
  const py = base + gripLen + 0.1;
  if (rng.next() < 0.45) {
    parts.push({ shape: circle(0, py, 0.075), material: guardMat, bevel: 0.07, line: 0.45 });
    const gem = fixed('pommel gem', { color: ctx.colorRng.pick([rgb(220, 30, 60), rgb(40, 110, 230), rgb(40, 190, 90), rgb(160, 60, 220)]), finish: 'gem' });
    parts.push({ shape: circle(0, py, 0.04), material: gem, bevel: 0.04 });
  } else {
    parts.push({ shape: star(0, py, 0.085, 4, 0.75, -Math.PI / 4), material: guardMat, bevel: 0.06, line: 0.45 });
  }
  return parts;
}

export const sword: Generator = (ctx) => {
  const { rng, palette, variant, pixel } = ctx;
  const curved = variant === 'katana' || variant === 'saber' || variant === 'scimitar';
  const profile = curved ? 'curved' : variant === 'rapier' ? 'thin' : variant === 'great' ? 'broad' : rng.pick(['straight', 'straight', 'leaf', 'broad'] as const);
  const width = profile === 'thin' ? 0.05 : profile === 'broad' ? rng.range(0.13, 0.16) : rng.range(0.09, 0.12);
  const length = variant === 'great' ? rng.range(1.55, 1.7) : rng.range(1.2, 1.4);
  const curve = variant === 'katana' ? 0.16 : variant === 'scimitar' ? 0.34 : variant === 'saber' ? 0.24 : 0;
  const blade = palette.role(0, 'blade', LOOKS.steel);
  const guardLook = rng.next() < 0.55 ? LOOKS.gold : LOOKS.iron;
  const guard = palette.role(1, 'guard', guardLook);
  const style = variant === 'katana' ? 'disc' : rng.pick(['bar', 'curved', 'winged'] as const);
  const gripLen = variant === 'katana' ? 0.42 : variant === 'great' ? 0.4 : rng.range(0.28, 0.34);
  const parts = [
    ...bladeParts({ base: 0, length, width, curve, profile, fuller: !curved && profile !== 'thin' && rng.next() < 0.7 }, blade, pixel),
    ...hiltParts(ctx, 0, width, guard, style, gripLen),
  ];
  // Curved blades lean back further so the curve reads against the diagonal.
  const turned = turn(parts, Math.PI / 4 - (curved ? 0.12 : 0));
  const tip = turned[0]?.shape.box;
  if (tip && !pixel) turned.push(glint(star(tip.x1 - 0.12, tip.y0 + 0.14, 0.14, 4, 0.2)));
  return { parts: turned, glow: palette.glow ?? undefined, notes: { blade: profile, guard: style, length: Math.round(length * 100) / 100 } };
};

export const dagger: Generator = (ctx) => {
  const { rng, palette, variant, pixel } = ctx;
  const kunai = variant === 'kunai';
  const width = kunai ? 0.14 : rng.range(0.11, 0.14);
  const length = rng.range(0.75, 0.9);
  const profile = kunai ? 'leaf' : rng.pick(['straight', 'leaf', 'curved'] as const);
  const blade = palette.role(0, 'blade', LOOKS.steel);
  const guard = palette.role(1, 'guard', rng.next() < 0.5 ? LOOKS.gold : LOOKS.iron);
  const parts = [
    ...bladeParts({ base: 0, length, width, curve: profile === 'curved' ? 0.14 : 0, profile, fuller: false, tip: rng.range(0.45, 0.6) }, blade, pixel),
    ...hiltParts(ctx, 0, width * 0.6, guard, kunai ? 'disc' : rng.pick(['bar', 'curved'] as const), rng.range(0.3, 0.36)),
  ];
  if (kunai) parts.push({ shape: circle(0, 0.5, 0.07), material: guard, bevel: 0.04, line: 0.45 });
  return { parts: turn(parts, Math.PI / 4), glow: palette.glow ?? undefined, notes: { blade: profile } };
};
