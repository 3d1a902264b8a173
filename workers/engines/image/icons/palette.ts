// Which colours a drawing's parts get: the prompt's colour words in order (the first on the main
// part, the second on the next role), else each role's own default, else seeded hues; and the
// element whose glow surrounds the icon.
import type { Rgba } from '../../../kernels/image.ts';
import { fromHsl, makeMaterial } from '../material.ts';
import type { Finish, Material, Texture } from '../material.ts';
import type { Random } from '../../../kernels/random.ts';
import { ELEMENT_GLOW } from '../colors.ts';
import type { Element, IconColor } from '../colors.ts';

export interface RoleLook {
  color: Rgba;
  finish: Finish;
  texture?: Texture;
}

export interface IconPalette {
  /**
   * The material of role `index` (0 = the main part). A word's material replaces the look unless
   * `keepFinish` (liquids, leaves, skin take a word's colour only).
   */
  role(index: number, name: string, look: RoleLook, keepFinish?: boolean): Material;
  /** True when a word coloured role `index`. */
  named(index: number): boolean;
  /** The colour word of role `index`, if any. */
  word(index: number): IconColor | undefined;
  element: Element | null;
  glow: Rgba | null;
  /** A pleasant seeded colour for parts no word names. */
  seededColor(saturation?: number, lightness?: number): Rgba;
}

export function createPalette(colors: readonly IconColor[], rng: Random): IconPalette {
  const element = colors.find((c) => c.element)?.element ?? null;
  const hue = rng.range(0, 360);
  let spins = 0;
  return {
    role(index, name, look, keepFinish = false) {
      const word = colors[index];
      if (!word) return makeMaterial(name, look.color, look.finish, look.texture);
      if (keepFinish || word.finish === null) return makeMaterial(name, word.color, look.finish, look.texture);
      return makeMaterial(name, word.color, word.finish, word.texture ?? (word.finish === 'matte' ? look.texture : undefined));
    },
    named: (index) => colors[index] !== undefined,
    word: (index) => colors[index],
    element,
    glow: element ? ELEMENT_GLOW[element] : null,
    seededColor(saturation = 0.62, lightness = 0.5) {
      // Golden-angle steps: a second and third seeded colour stay apart from the first.
      const h = (hue + spins++ * 137.5) % 360;
      return fromHsl(h, saturation, lightness);
    },
  };
}
