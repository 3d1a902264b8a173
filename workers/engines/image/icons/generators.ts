// Subject -> generator.
import type { Subject } from '../words.ts';
import type { Generator } from './types.ts';
import { potion } from './potion.ts';
import { dagger, sword } from './sword.ts';
import { axe, hammer } from './heavyWeapons.ts';
import { spear, staff } from './poleWeapons.ts';
import { bow } from './bow.ts';
import { gem } from './gem.ts';
import { coin } from './coin.ts';
import { shield } from './shield.ts';
import { chest } from './chest.ts';
import { tree } from './tree.ts';
import { rock } from './rock.ts';
import { creature } from './creature.ts';
import { character } from './character.ts';

export const GENERATORS: Record<Subject, Generator> = {
  potion, sword, dagger, axe, spear, hammer, bow, staff,
  gem, coin, chest, shield, tree, rock, creature, character,
};
