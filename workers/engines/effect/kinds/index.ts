// Every effect family by name. The name is what effect/style.ts chooses, the sheet's animation tag
// and `meta.plan.effect` in sheet.json.
import type { EffectFamily } from './types.ts';
import { fire } from './fire.ts';
import { explosion } from './explosion.ts';
import { smoke } from './smoke.ts';
import { lightning } from './lightning.ts';
import { electric } from './electric.ts';
import { sparkle } from './sparkle.ts';
import { ice } from './ice.ts';
import { splash } from './splash.ts';
import { poison } from './poison.ts';
import { heal } from './heal.ts';
import { slash } from './slash.ts';
import { impact } from './impact.ts';
import { shockwave } from './shockwave.ts';
import { portal } from './portal.ts';
import { orb } from './orb.ts';
import { dust } from './dust.ts';

export const EFFECT_NAMES = [
  'fire', 'explosion', 'smoke', 'lightning', 'electric', 'sparkle', 'ice', 'splash', 'poison', 'heal',
  'slash', 'impact', 'shockwave', 'portal', 'orb', 'dust',
] as const;

export type EffectName = (typeof EFFECT_NAMES)[number];

export const FAMILIES: Record<EffectName, EffectFamily> = {
  fire, explosion, smoke, lightning, electric, sparkle, ice, splash, poison, heal, slash, impact, shockwave, portal, orb, dust,
};
