// Characters: chibi heroes assembled from parts with seeded proportions, colours and gear, by class:
// knight (helmet and plume, armour, sword and a shield bearing a seeded symmetric device), warrior
// (horned helm, axe), mage (pointed hat, robe, staff), cleric (robe, mace), rogue (hood, dagger),
// archer (hood or hair, bow), king (crown, cape, sceptre), villager and plain heroes (hair, tunic,
// sword). Weapons reuse the weapon generators' parts, scaled into the hand.
import type { Part } from '../partRaster.ts';
import type { Point } from '../shapes.ts';
import { polygon } from '../shapes.ts';
import { offset } from '../shapeOps.ts';
import { makeMaterial } from '../material.ts';
import { LOOKS, fixed, moveParts, rgb, turn } from './common.ts';
import { beltParts, bodyParts, crownParts, hairBack, hairParts, handParts, headParts, helmetParts, hoodParts, hornedHelm, wizardHat } from './characterParts.ts';
import type { HairStyle } from './characterParts.ts';
import { bladeParts, hiltParts } from './sword.ts';
import { axe } from './heavyWeapons.ts';
import { bow } from './bow.ts';
import { staff, spear } from './poleWeapons.ts';
import { hammer } from './heavyWeapons.ts';
import { shield } from './shield.ts';
import type { Drawing, Generator, IconContext } from './types.ts';

const CLASSES = ['knight', 'warrior', 'mage', 'rogue', 'archer', 'cleric', 'hero'] as const;
type CharacterClass = (typeof CLASSES)[number] | 'king' | 'villager';
const SKINS = [rgb(246, 208, 176), rgb(236, 188, 150), rgb(200, 146, 104), rgb(150, 100, 70), rgb(104, 70, 50)];
const HAIRS = [rgb(90, 56, 34), rgb(40, 32, 30), rgb(236, 196, 90), rgb(190, 76, 40), rgb(230, 230, 236), rgb(120, 70, 150)];
const OUTFITS = [rgb(52, 96, 200), rgb(190, 40, 48), rgb(40, 130, 70), rgb(120, 60, 160), rgb(210, 140, 40), rgb(60, 60, 70)];

/** A generator's parts (already turned by it), shrunk by k and moved so its grip point lands on `hand`. */
function held(parts: Part[], grip: Point, hand: Point, k: number): Part[] {
  return moveParts(parts, hand[0] - grip[0] * k, hand[1] - grip[1] * k, k);
}

/** Where an upright weapon's grip is, after the generator turned it by `angle`. */
const gripAfterTurn = (x: number, y: number, angle: number): Point => [x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)];

function weapon(ctx: IconContext, kind: 'sword' | 'axe' | 'staff' | 'dagger' | 'bow' | 'mace' | 'scepter' | 'spear', hand: Point): Part[] {
  const sub: IconContext = { ...ctx, palette: { ...ctx.palette, role: (i, name, look, keep) => ctx.palette.role(i + 4, name, look, keep), named: () => false, word: () => undefined } };
  if (kind === 'sword' || kind === 'dagger') {
    const len = kind === 'sword' ? 1.25 : 0.8;
    const w = kind === 'sword' ? 0.1 : 0.12;
    const parts = turn([
      ...bladeParts({ base: 0, length: len, width: w, curve: 0, profile: 'straight', fuller: kind === 'sword' }, fixed('blade', LOOKS.steel), ctx.pixel),
      ...hiltParts(sub, 0, w, fixed('guard', LOOKS.gold), 'bar', 0.3),
    ], Math.PI / 4 - 0.2);
    return held(parts, gripAfterTurn(0, 0.19, Math.PI / 4 - 0.2), hand, kind === 'sword' ? 0.55 : 0.45);
  }
  if (kind === 'axe') return held(axe({ ...sub, variant: 'hatchet' }).parts, gripAfterTurn(0, 0.45, Math.PI / 4), hand, 0.55);
  if (kind === 'mace') return held(hammer({ ...sub, variant: 'mace' }).parts, gripAfterTurn(0, 0.6, Math.PI / 4), hand, 0.5);
  if (kind === 'spear') return held(spear(sub).parts, gripAfterTurn(0, 0.45, Math.PI / 4), hand, 0.75);
  if (kind === 'bow') return held(bow({ ...sub, variant: 'plain' }).parts, gripAfterTurn(-0.45, 0, (Math.PI * 3) / 4), hand, 0.6);
  const st = staff({ ...sub, variant: kind === 'scepter' ? 'scepter' : null });
  return held(st.parts, gripAfterTurn(0, 0.35, Math.PI / 4), hand, 0.7);
}

export const character: Generator = (ctx): Drawing => {
  const { rng, colorRng, palette, variant, pixel } = ctx;
  const cls: CharacterClass = (variant as CharacterClass | null) ?? rng.pick(CLASSES);
  const r = rng.range(0.34, 0.38);
  const skin = makeMaterial('skin', colorRng.pick(SKINS), 'soft', undefined, 0.3);
  const hair = fixed('hair', { color: colorRng.pick(HAIRS), finish: 'soft' });
  const outfitLook = cls === 'knight' ? LOOKS.steel : cls === 'cleric' ? { color: rgb(236, 232, 222), finish: 'soft' as const } : { color: colorRng.pick(OUTFITS), finish: 'matte' as const };
  const outfit = palette.role(0, 'outfit', outfitLook);
  const second = palette.role(1, 'trim', cls === 'knight' || cls === 'king' ? { color: rgb(190, 36, 44), finish: 'matte' } : { color: colorRng.pick(OUTFITS), finish: 'matte' });
  const leather = fixed('leather', LOOKS.leather);
  const gold = fixed('gold', LOOKS.gold);
  const robe = cls === 'mage' || cls === 'cleric' || cls === 'king';
  const legs = cls === 'knight' ? outfit : fixed('trousers', { color: rgb(80, 70, 90), finish: 'matte' });
  const body = bodyParts(rng, outfit, legs, cls === 'knight' ? outfit : fixed('boots', { color: rgb(92, 58, 40), finish: 'matte' }), robe);
  const [left, right] = body.hands;
  const back: Part[] = [];
  const style: HairStyle = rng.pick(['short', 'spiky', 'long', 'bob'] as const);
  // Capes hang behind knights, kings and some heroes.
  if (cls === 'knight' || cls === 'king' || (cls === 'hero' && rng.next() < 0.5)) {
    back.push({ shape: offset(polygon([[-0.28, -0.04], [0.28, -0.04], [0.5, 0.86], [0.2, 0.8], [0, 0.88], [-0.2, 0.8], [-0.5, 0.86]]), 0.03), material: second, bevel: 0.1, line: 0.45 });
  }
  if (!robe && (style === 'long') && cls !== 'knight' && cls !== 'rogue') back.push(hairBack(r, hair));
  let head: Part[] = headParts(rng, r, skin, pixel);
  let gear: Part[] = [];
  let held1: Part[] = [];
  let held2: Part[] = [];
  switch (cls) {
    case 'knight':
      head = helmetParts(r, outfit, second);
      // Pauldrons and the shield with its device.
      for (const s of [-1, 1]) gear.push({ shape: offset(polygon([[s * 0.16, -0.06], [s * 0.42, -0.02], [s * 0.4, 0.14], [s * 0.2, 0.1]]), 0.04), material: outfit, bevel: 0.06, line: 0.45 });
      held1 = weapon(ctx, 'sword', right);
      held2 = moveParts(shield({ ...ctx, variant: null }).parts.filter((p) => !p.overlay), left[0] - 0.02, left[1] + 0.02, 0.36);
      break;
    case 'warrior':
      gear = [...hairParts('long', r, hair).map((p) => ({ ...p, tone: -0.05 })), ...hornedHelm(r, fixed('helm', LOOKS.iron))];
      held1 = weapon(ctx, 'axe', right);
      break;
    case 'mage':
      gear = wizardHat(rng, r, second, gold);
      if (rng.next() < 0.5) head.push({ shape: polygon([[-r * 0.5, -0.36 + r * 0.55], [r * 0.5, -0.36 + r * 0.55], [0, -0.36 + r * 1.6]]), material: fixed('beard', { color: rgb(236, 236, 240), finish: 'soft' }), bevel: r * 0.2, line: 0.45 });
      held1 = weapon(ctx, 'staff', right);
      break;
    case 'cleric':
      gear = [...hairParts('short', r, hair), { shape: offset(polygon([[-0.04, 0.06], [0.04, 0.06], [0.04, 0.14], [0.12, 0.14], [0.12, 0.2], [0.04, 0.2], [0.04, 0.36], [-0.04, 0.36], [-0.04, 0.2], [-0.12, 0.2], [-0.12, 0.14], [-0.04, 0.14]]), 0.01), material: gold, bevel: 0.02, line: 0.35 }];
      held1 = weapon(ctx, 'mace', right);
      break;
    case 'rogue': {
      const hood = hoodParts(r, second);
      back.push(hood.back);
      gear = [hood.front, { shape: offset(polygon([[-r * 0.75, -0.36 + r * 0.35], [r * 0.75, -0.36 + r * 0.35], [r * 0.6, -0.36 + r * 0.9], [-r * 0.6, -0.36 + r * 0.9]]), 0.02), material: fixed('mask', { color: rgb(50, 44, 56), finish: 'matte' }), bevel: 0.04, line: 0.4 }];
      held1 = weapon(ctx, 'dagger', right);
      held2 = weapon(ctx, 'dagger', left);
      break;
    }
    case 'archer': {
      if (rng.next() < 0.5) {
        const hood = hoodParts(r, second);
        back.push(hood.back);
        gear = [hood.front];
      } else gear = hairParts(style, r, hair);
      back.push({ shape: offset(polygon([[0.1, -0.05], [0.26, -0.1], [0.42, 0.45], [0.28, 0.5]]), 0.02), material: leather, bevel: 0.04, line: 0.45 });
      held2 = weapon(ctx, 'bow', left);
      break;
    }
    case 'king':
      gear = [...hairParts('short', r, fixed('hair', { color: rgb(230, 230, 236), finish: 'soft' })), ...crownParts(r, gold, fixed('jewel', { color: rgb(220, 30, 60), finish: 'gem' }))];
      head.push({ shape: polygon([[-r * 0.6, -0.36 + r * 0.5], [r * 0.6, -0.36 + r * 0.5], [0, -0.36 + r * 1.7]]), material: fixed('beard', { color: rgb(230, 230, 236), finish: 'soft' }), bevel: r * 0.2, line: 0.45 });
      held1 = weapon(ctx, 'scepter', right);
      break;
    default:
      gear = hairParts(style, r, hair);
      if (cls === 'hero') held1 = weapon(ctx, 'sword', right);
  }
  const parts: Part[] = [
    ...back,
    ...body.parts,
    ...beltParts(leather, gold, robe),
    ...head,
    ...gear,
    ...held1,
    ...held2,
    ...handParts(body.hands, cls === 'knight' ? outfit : skin),
  ];
  return { parts, ground: true, glow: palette.glow ?? undefined, notes: { class: cls, hair: style } };
};

