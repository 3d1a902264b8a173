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
import { apple, banana, bread, cake, carrot, cheese, cherry, cookie, egg, fish, grapes, meat, pear, strawberry } from './food.ts';
import { cactus, clover, flower, leaf, mushroom } from './plants.ts';
import { candle, hourglass, key, lantern, pickaxe, shovel, torch } from './tools.ts';
import { book, letter, map, scroll } from './paper.ts';
import { amulet, crown, orb, ring } from './jewelry.ts';
import { armor, arrow, bomb, boots, gloves, helmet, shuriken } from './gear.ts';
import { bolt, heart, moon, snowflake, starIcon } from './symbols.ts';
import { bag, barrel, bone, cauldron, feather, trophy } from './containers.ts';
import { bee, crab, eyeball, frog, rat, skeleton, skull, snake } from './beasts.ts';

export const GENERATORS: Record<Subject, Generator> = {
  potion, sword, dagger, axe, spear, hammer, bow, staff,
  gem, coin, chest, shield, tree, rock, creature, character,
  apple, pear, cherry, banana, grapes, strawberry, carrot, bread, cheese, meat, fish, egg, cake, cookie,
  mushroom, flower, leaf, clover, cactus,
  key, lantern, torch, candle, pickaxe, shovel, hourglass,
  scroll, book, map, letter,
  ring, amulet, crown, orb,
  bomb, arrow, shuriken,
  helmet, armor, boots, gloves,
  heart, star: starIcon, moon, bolt, snowflake,
  bag, barrel, cauldron, trophy,
  feather, bone,
  skeleton, skull, snake, rat, eyeball, crab, bee, frog,
};
