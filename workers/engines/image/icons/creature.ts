// Creatures from seeded symmetric masks, in the manner of classic procedural sprite generators: a
// species template is filled at random on one half and mirrored, smoothed by a cellular rule, cut
// to its largest part, then drawn as one rounded, lit body with an outline, and given a face (eyes
// with glints, a mouth with fangs or a grin), a paler belly, spots, horns where the species has them.
import type { Material } from '../material.ts';
import { makeMaterial, shadeMaterial } from '../material.ts';
import type { Part } from '../partRaster.ts';
import { circle, ellipse, polygon, roundBox, taper } from '../shapes.ts';
import { intersect, offset, ribbon, subtract, union } from '../shapeOps.ts';
import { fillSymmetric, keepLargest, maskShape, parseTemplate, smoothMask } from '../symmetricMask.ts';
import { at } from '../../../kernels/check.ts';
import { rgb } from './common.ts';
import { TEMPLATES } from './creatureTemplates.ts';
import type { Species } from './creatureTemplates.ts';
import type { Generator } from './types.ts';

const SPECIES_OF: Record<string, Species> = { slime: 'slime', bat: 'bat', bug: 'bug', ghost: 'ghost', golem: 'golem', dragon: 'dragon', demon: 'beast' };
const WILD: readonly Species[] = ['beast', 'beast', 'slime', 'bug', 'bat', 'golem'];
const EYE_WHITE = makeMaterial('eye', rgb(250, 248, 240), 'soft');
const PUPIL = makeMaterial('pupil', rgb(24, 18, 30), 'soft');
const FANG = makeMaterial('fang', rgb(248, 244, 228), 'soft');

export const creature: Generator = ({ rng, colorRng, palette, variant, pixel }) => {
  const species: Species = (variant ? SPECIES_OF[variant] : undefined) ?? rng.pick(WILD);
  const t = TEMPLATES[species];
  const template = parseTemplate(t.rows);
  const always = fillSymmetric(template, { next: () => 0, range: (a) => a, int: (a) => a, pick: (l) => l[0] as never }, 0);
  let mask = fillSymmetric(template, rng, t.density);
  mask = keepLargest(smoothMask(mask, t.smooth, 6, 2, always.cells));
  const c = 2 / Math.max(mask.width, mask.height);
  const x0 = (-mask.width * c) / 2, y0 = (-mask.height * c) / 2;
  let body = maskShape(mask, { x0, y0, x1: -x0, y1: -y0 }, 4, t.round);
  if (species === 'ghost') {
    // A ghost's hem: the bottom cut into waves.
    const hem = -y0 - c * 1.6, waves = rng.int(3, 4), amp = c * 0.9;
    const cut = { d: (x: number, y: number) => (y - (hem + amp * Math.cos(((x - x0) / (-2 * x0)) * Math.PI * 2 * waves))) * 0.8, box: body.box };
    body = intersect(body, cut);
  }
  const cellX = (dx: number): number => dx * c;
  const rowY = (row: number): number => y0 + (row + 0.5) * c;
  const hueColor = colorRng.pick([rgb(110, 190, 70), rgb(90, 140, 230), rgb(200, 80, 200), rgb(230, 120, 50), rgb(220, 70, 80), rgb(80, 190, 180), rgb(170, 120, 230)]);
  const base = t.color ? rgb(t.color[0], t.color[1], t.color[2]) : hueColor;
  const look = species === 'golem' ? { color: base, finish: 'matte' as const, texture: { kind: 'speckle' as const, amount: 0.08, scale: 6 } }
    : species === 'dragon' ? { color: base, finish: 'soft' as const, texture: { kind: 'scales' as const, amount: 0.05, scale: 14 } }
    : { color: base, finish: (species === 'slime' ? 'glass' : 'soft') as 'glass' | 'soft' };
  const skin: Material = palette.role(0, 'body', look, species !== 'golem');
  const parts: Part[] = [{ shape: body, material: skin, bevel: c * (species === 'golem' ? 0.8 : 2.2), line: 0.45, ...(species === 'ghost' ? { opacity: 0.88 } : {}) }];
  // A paler belly on walkers and a few darker spots on others, kept inside the body.
  const inner = offset(body, -c * 0.6);
  if (species === 'beast' || species === 'dragon') {
    parts.push({ shape: intersect(ellipse(0, rowY(t.mouthRow + 3.5), c * 2.4, c * 3), inner), material: shadeMaterial(skin, 0.18, 'belly'), bevel: c * 1.5 });
  } else if (species === 'slime' || species === 'bug' ? rng.next() < 0.6 : false) {
    for (let i = 0; i < 4; i++) {
      const sx = rng.range(-mask.width / 2.5, mask.width / 2.5) * c, sy = rowY(rng.range(t.eyeRow + 1.5, mask.height - 2));
      const sr = c * rng.range(0.4, 0.8);
      // Not on the face: spots over the mouth read as a nose.
      if (Math.abs(sx) < c * 2.6 + sr && Math.abs(sy - rowY(t.mouthRow)) < c * 1.4 + sr) continue;
      parts.push({ shape: intersect(circle(sx, sy, sr), inner), material: shadeMaterial(skin, -0.12, 'spot'), bevel: c * 0.4 });
    }
  }
  // Horns for dragons and demons.
  if (species === 'dragon' || variant === 'demon') {
    const horn = makeMaterial('horn', rgb(236, 224, 196), 'soft');
    for (const s of [-1, 1]) parts.unshift({ shape: taper(s * cellX(1.4), rowY(t.eyeRow - 1.2), c * 0.6, s * cellX(2.9), rowY(t.eyeRow - 4), c * 0.08), material: horn, bevel: c * 0.4, line: 0.45 });
  }
  // How far the body reaches from the centre line on mask row `row` (in units).
  const halfWidth = (row: number): number => {
    const y = Math.max(0, Math.min(mask.height - 1, Math.round(row)));
    let x = Math.floor(mask.width / 2);
    while (x < mask.width && mask.cells[y * mask.width + x]!) x++;
    return (x - mask.width / 2) * c;
  };
  if (species === 'bug') {
    // Six jointed legs and two feelers; a seam down the shell.
    const leg = shadeMaterial(skin, -0.15, 'leg');
    for (const [k, row] of [t.eyeRow + 3, t.eyeRow + 5.5, t.eyeRow + 8].entries()) {
      for (const s of [-1, 1]) {
        const x0 = s * (halfWidth(row) - c * 0.3), y0 = rowY(row);
        const kx = s * (halfWidth(row) + c * 1.6), ky = y0 - c * (k === 0 ? 1 : k === 1 ? 0 : -0.6);
        const fx = kx + s * c * 0.6, fy = ky + c * 1.8;
        parts.unshift({ shape: union(taper(x0, y0, c * 0.32, kx, ky, c * 0.24), taper(kx, ky, c * 0.24, fx, fy, c * 0.1)), material: leg, bevel: c * 0.2, line: 0.45 });
      }
    }
    for (const s of [-1, 1]) {
      parts.unshift({ shape: ribbon([[s * c * 0.4, rowY(t.eyeRow - 0.5)], [s * c * 1.2, rowY(t.eyeRow - 2.2)], [s * c * 2.4, rowY(t.eyeRow - 3)]], [c * 0.14, c * 0.12, c * 0.08]).whole, material: leg, bevel: c * 0.1, line: 0.45 });
    }
    parts.push({ shape: intersect(roundBox(0, rowY((t.eyeRow + mask.height) / 2 + 0.8), c * 0.07, c * (mask.height - t.eyeRow - 2.5) / 2, c * 0.05), inner), material: PUPIL, thin: true });
  }
  if (species === 'bat') {
    // Pointed ears and the bones that hold the wings.
    for (const s of [-1, 1]) {
      const ex = s * c * 1.3, ey = rowY(t.eyeRow - 1.5);
      parts.unshift({ shape: polygon([[ex - c * 0.8, ey + c * 0.6], [ex + s * c * 0.5, ey - c * 2], [ex + c * 0.8, ey + c * 0.6]]), material: skin, bevel: c * 0.5, line: 0.45 });
      for (const a of [0.2, 0.6, 1.0]) {
        const tipX = s * halfWidth(t.eyeRow - 2 + a * 4) * 0.92, tipY = rowY(t.eyeRow - 2.5 + a * 5);
        parts.push({ shape: intersect(ribbon([[s * c * 1.5, rowY(t.eyeRow + 0.5)], [tipX, tipY]], [c * 0.12, c * 0.05]).whole, inner), material: shadeMaterial(skin, -0.14, 'rib'), thin: true });
      }
    }
  }
  // The face: one big eye or two, set on body cells.
  const cyclops = species !== 'bug' && species !== 'bat' && rng.next() < 0.2;
  const eyeR = c * t.eyeSize * (cyclops ? 1.5 : rng.range(0.9, 1.15));
  const ey = rowY(t.eyeRow);
  const eyes = cyclops ? [0] : [-t.eyeDx, t.eyeDx];
  const angry = rng.next() < 0.5;
  const glowEye = makeMaterial('glowing eye', palette.glow ?? rgb(120, 230, 255), 'glow');
  for (const dx of eyes) {
    const ex = cellX(dx);
    const eyeMat = species === 'ghost' ? PUPIL : species === 'golem' ? glowEye : EYE_WHITE;
    parts.push({ shape: ellipse(ex, ey, eyeR, eyeR * 1.12), material: eyeMat, bevel: eyeR * 0.6, line: 0.4, thin: true });
    if (species !== 'ghost' && species !== 'golem') {
      parts.push({ shape: circle(ex + eyeR * 0.15, ey + eyeR * 0.15, eyeR * 0.55), material: PUPIL, thin: true });
      if (!pixel) parts.push({ shape: circle(ex - eyeR * 0.1, ey - eyeR * 0.15, eyeR * 0.2), material: EYE_WHITE, tone: 0.3 });
    }
    if (angry && species !== 'slime' && species !== 'ghost') {
      // A brow cut across the top of the eye.
      const s = Math.sign(dx) || 1;
      parts.push({ shape: polygon([[ex - eyeR * 1.3 * s, ey - eyeR * 1.5], [ex + eyeR * 1.3 * s, ey - eyeR * 0.35], [ex + eyeR * 1.4 * s, ey - eyeR * 1.6]]), material: skin, tone: -0.08, thin: true });
    }
  }
  const my = rowY(t.mouthRow);
  if (species !== 'bug') {
    const mw = c * (species === 'slime' || species === 'ghost' ? 1.6 : 1.9);
    const mouth = subtract(ellipse(0, my, mw, c * 0.9), ellipse(0, my - c * 0.55, mw * 1.15, c * 0.8));
    parts.push({ shape: mouth, material: PUPIL, thin: true });
    if (species !== 'ghost' && species !== 'slime' && !pixel) {
      for (const s of [-1, 1]) parts.push({ shape: polygon([[s * mw * 0.55, my + c * 0.12], [s * mw * 0.25, my + c * 0.15], [s * mw * 0.4, my + c * 0.7]]), material: FANG, line: 0.3 });
    }
  }
  const glow = palette.glow ?? (species === 'ghost' ? rgb(170, 200, 255) : undefined);
  const cells = mask.cells.reduce((a, b) => a + b, 0);
  return { parts, ground: species !== 'bat' && species !== 'ghost', glow, notes: { species, cyclops, cells, rows: mask.height, cols: mask.width, centre: at(mask.cells, Math.floor(mask.height / 2) * mask.width + mask.width / 2) } };
};
