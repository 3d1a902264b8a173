// Looks and helpers the generators share: the default wood, steel, gold, leather and glass, the
// white "shine" of glints, and seeded choices that keep a part's proportions in a pleasing range.
import type { Rgba } from '../../../kernels/image.ts';
import { makeMaterial } from '../material.ts';
import type { Material } from '../material.ts';
import type { Part } from '../partRaster.ts';
import type { Shape } from '../shapes.ts';
import { place, rotate, rotatePoint } from '../shapeOps.ts';
import type { RoleLook } from './palette.ts';

export const rgb = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });

export const LOOKS = {
  wood: { color: rgb(150, 96, 52), finish: 'matte', texture: { kind: 'grain', amount: 0.07, scale: 9 } },
  darkWood: { color: rgb(104, 64, 40), finish: 'matte', texture: { kind: 'grain', amount: 0.07, scale: 9 } },
  steel: { color: rgb(168, 178, 196), finish: 'metal' },
  iron: { color: rgb(112, 116, 130), finish: 'metal' },
  gold: { color: rgb(236, 176, 40), finish: 'metal' },
  leather: { color: rgb(120, 70, 42), finish: 'matte' },
  cloth: { color: rgb(180, 40, 48), finish: 'matte' },
  glass: { color: rgb(206, 232, 244), finish: 'glass' },
  stone: { color: rgb(130, 128, 136), finish: 'matte', texture: { kind: 'speckle', amount: 0.08, scale: 7 } },
  parchment: { color: rgb(232, 214, 170), finish: 'matte' },
  skin: { color: rgb(240, 196, 160), finish: 'soft' },
} as const satisfies Record<string, RoleLook>;

/** A look of its own colour (for materials no role word should touch). */
export function fixed(name: string, look: RoleLook): Material {
  return makeMaterial(name, look.color, look.finish, look.texture);
}

/** Pure white-gold light for glints and reflections. */
export const SHINE: Material = makeMaterial('shine', rgb(255, 252, 236), 'glow');

/** A glint part: drawn over everything, outside the outline. */
export function glint(shape: Shape, opacity = 0.9): Part {
  return { shape, material: SHINE, overlay: true, opacity, tone: 0.5, thin: true };
}

/** Parts drawn upright, turned by `angle` (radians, clockwise) about the origin: tilts turn with them. */
export function turn(parts: readonly Part[], angle: number): Part[] {
  return parts.map((p) => ({
    ...p,
    shape: rotate(p.shape, angle),
    texAngle: (p.texAngle ?? 0) + angle,
    ...(p.tilt ? { tilt: rotatePoint(p.tilt, angle) } : {}),
    ...(p.facets ? { facets: p.facets.map((f) => {
      const [x, y] = rotatePoint([f.x, f.y], angle);
      const [nx, ny] = rotatePoint([f.nx, f.ny], angle);
      return { x, y, nx, ny };
    }) } : {}),
  }));
}

/** Parts moved by (dx, dy) and scaled by k: a weapon drawn for a hand. */
export function moveParts(parts: readonly Part[], dx: number, dy: number, k: number): Part[] {
  return parts.map((p) => ({
    ...p,
    shape: place(p.shape, dx, dy, k),
    ...(p.bevel !== undefined ? { bevel: p.bevel * k } : {}),
    ...(p.facets ? { facets: p.facets.map((f) => ({ ...f, x: f.x * k + dx, y: f.y * k + dy })) } : {}),
  }));
}
