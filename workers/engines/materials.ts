// The restyle vocabulary: materials (a luma ramp plus finishes such as a glow, grain or
// translucency), colour names, and tone modifiers. Ramps are listed dark to light and must rise in
// luma (a test checks every entry), so a restyle never swaps a sprite's shadows and highlights.
import type { Rgba } from '../kernels/image.ts';
import type { RampStop } from '../kernels/luminanceMap.ts';
import type { GrainKind } from '../kernels/texture.ts';

const c = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 255 });
const stops = (...colors: [number, Rgba][]): RampStop[] => colors.map(([at, color]) => ({ at, color }));

export interface Material {
  name: string;
  words: readonly string[];
  stops: RampStop[];
  /** Hue-bearing materials turn to a colour word's hue ("blue fire"); grey ones are tinted by it. */
  chromatic: boolean;
  /** Stretch the source's luma range over the ramp (false: map luma as it is, e.g. grayscale). */
  stretch: boolean;
  /** Alpha multiplier at the top of the subject, and at its feet (ghosts fade out downward). */
  alpha?: { top: number; bottom: number };
  /** Rim light: width as a fraction of the subject's smaller side, and strength. */
  glow?: { width: number; strength: number };
  grain?: { kind: GrainKind; amplitude: number };
  /**
   * Animated grain: the tile scrolls up `cycles` tiles over the animation (flames licking up,
   * bubbles rising; whole tiles, so the loop stays seamless), or with `flicker` jumps every frame.
   */
  flow?: { kind: GrainKind; amplitude: number; cycles: number; flicker?: boolean };
  /** Colour negative instead of a ramp. */
  invert?: boolean;
}

export const MATERIALS: readonly Material[] = [
  { name: 'gold', words: ['gold', 'golden', 'gilded', 'gilt'], chromatic: true, stretch: true,
    stops: stops([0, c(34, 18, 2)], [0.3, c(120, 72, 10)], [0.62, c(226, 162, 34)], [0.85, c(255, 224, 108)], [1, c(255, 250, 220)]) },
  { name: 'silver', words: ['silver', 'silvery', 'chrome', 'chromed', 'steel', 'metal', 'metallic', 'iron', 'platinum'], chromatic: false, stretch: true,
    stops: stops([0, c(18, 20, 28)], [0.3, c(84, 90, 104)], [0.62, c(166, 172, 186)], [0.85, c(222, 226, 236)], [1, c(255, 255, 255)]) },
  { name: 'bronze', words: ['bronze', 'copper', 'brass', 'coppery'], chromatic: true, stretch: true,
    stops: stops([0, c(30, 12, 4)], [0.3, c(110, 52, 20)], [0.62, c(188, 108, 50)], [0.85, c(236, 176, 112)], [1, c(255, 232, 196)]) },
  { name: 'ice', words: ['ice', 'icy', 'frozen', 'frost', 'frosty', 'snow', 'snowy', 'glacier', 'glacial', 'crystal', 'crystalline'], chromatic: true, stretch: true,
    stops: stops([0, c(8, 28, 70)], [0.3, c(36, 104, 178)], [0.62, c(118, 198, 240)], [0.85, c(206, 242, 255)], [1, c(255, 255, 255)]),
    glow: { width: 0.05, strength: 0.45 } },
  { name: 'fire', words: ['fire', 'fiery', 'flame', 'flames', 'flaming', 'burning', 'lava', 'magma', 'molten', 'inferno', 'ember', 'embers', 'blazing'], chromatic: true, stretch: true,
    stops: stops([0, c(36, 0, 0)], [0.3, c(150, 18, 0)], [0.58, c(240, 98, 8)], [0.82, c(255, 196, 40)], [1, c(255, 250, 200)]),
    glow: { width: 0.06, strength: 0.5 }, flow: { kind: 'flame', amplitude: 40, cycles: 2 } },
  { name: 'shadow', words: ['shadow', 'shadowy', 'shade', 'darkness', 'void', 'evil', 'corrupted', 'cursed', 'undead', 'demonic'], chromatic: true, stretch: true,
    stops: stops([0, c(4, 0, 10)], [0.4, c(26, 14, 44)], [0.75, c(62, 40, 96)], [1, c(120, 92, 160)]),
    glow: { width: 0.04, strength: 0.35 } },
  { name: 'ghost', words: ['ghost', 'ghostly', 'spectral', 'spirit', 'phantom', 'ethereal', 'translucent', 'wraith', 'haunted'], chromatic: false, stretch: true,
    stops: stops([0, c(70, 92, 124)], [0.4, c(150, 182, 212)], [0.75, c(214, 236, 250)], [1, c(255, 255, 255)]),
    alpha: { top: 0.85, bottom: 0.3 }, glow: { width: 0.07, strength: 0.7 } },
  { name: 'neon', words: ['neon', 'cyber', 'cyberpunk', 'synthwave', 'glowing', 'glow'], chromatic: true, stretch: true,
    stops: stops([0, c(14, 0, 26)], [0.35, c(110, 0, 140)], [0.7, c(250, 30, 220)], [1, c(255, 190, 255)]),
    glow: { width: 0.08, strength: 0.85 } },
  { name: 'stone', words: ['stone', 'rock', 'rocky', 'granite', 'statue', 'petrified', 'concrete'], chromatic: false, stretch: true,
    stops: stops([0, c(26, 25, 26)], [0.3, c(80, 77, 74)], [0.62, c(138, 133, 126)], [0.85, c(188, 183, 174)], [1, c(230, 226, 218)]),
    grain: { kind: 'stone', amplitude: 22 } },
  { name: 'wood', words: ['wood', 'wooden', 'timber', 'oak', 'carved'], chromatic: true, stretch: true,
    stops: stops([0, c(36, 18, 6)], [0.3, c(96, 54, 22)], [0.62, c(160, 102, 52)], [0.85, c(208, 156, 96)], [1, c(240, 204, 150)]),
    grain: { kind: 'wood', amplitude: 26 } },
  { name: 'toxic', words: ['toxic', 'poison', 'poisoned', 'poisonous', 'venom', 'venomous', 'acid', 'acidic', 'radioactive', 'nuclear', 'slime', 'slimy'], chromatic: true, stretch: true,
    stops: stops([0, c(8, 26, 0)], [0.3, c(44, 104, 8)], [0.62, c(126, 216, 24)], [0.85, c(204, 255, 100)], [1, c(244, 255, 208)]),
    glow: { width: 0.05, strength: 0.4 }, flow: { kind: 'bubble', amplitude: 30, cycles: 1 } },
  { name: 'holy', words: ['holy', 'divine', 'angelic', 'celestial', 'radiant', 'blessed', 'sacred'], chromatic: true, stretch: true,
    stops: stops([0, c(96, 70, 40)], [0.35, c(200, 166, 100)], [0.7, c(255, 236, 176)], [1, c(255, 255, 245)]),
    glow: { width: 0.07, strength: 0.6 } },
  { name: 'electric', words: ['electric', 'electrified', 'lightning', 'thunder', 'shock', 'storm', 'plasma'], chromatic: true, stretch: true,
    stops: stops([0, c(4, 10, 40)], [0.35, c(20, 80, 200)], [0.7, c(90, 200, 255)], [1, c(240, 252, 255)]),
    glow: { width: 0.07, strength: 0.8 }, flow: { kind: 'crackle', amplitude: 70, cycles: 1, flicker: true } },
  { name: 'grayscale', words: ['grayscale', 'greyscale', 'monochrome', 'desaturated', 'colorless', 'colourless', 'noir'], chromatic: false, stretch: false,
    stops: stops([0, c(0, 0, 0)], [1, c(255, 255, 255)]) },
  { name: 'sepia', words: ['sepia', 'vintage', 'antique', 'aged', 'old'], chromatic: true, stretch: false,
    stops: stops([0, c(24, 14, 6)], [0.35, c(104, 72, 40)], [0.7, c(196, 160, 112)], [1, c(255, 244, 220)]) },
  { name: 'inverted', words: ['inverted', 'invert', 'negative', 'inverse'], chromatic: false, stretch: false, invert: true,
    stops: stops([0, c(0, 0, 0)], [1, c(255, 255, 255)]) },
];

export interface ColorName {
  name: string;
  words: readonly string[];
  color: Rgba;
}

const named = (name: string, color: Rgba, ...more: string[]): ColorName => ({ name, words: [name, ...more], color });

export const COLOR_NAMES: readonly ColorName[] = [
  named('red', c(222, 30, 40), 'reddish'), named('crimson', c(180, 16, 50), 'blood', 'bloody'), named('scarlet', c(236, 44, 28)),
  named('maroon', c(122, 20, 36), 'burgundy', 'wine'), named('orange', c(255, 128, 20), 'tangerine'), named('amber', c(255, 178, 28)),
  named('yellow', c(250, 220, 40), 'lemon'), named('lime', c(160, 230, 40)), named('green', c(40, 178, 60), 'greenish'),
  named('emerald', c(20, 160, 100), 'jade'), named('olive', c(120, 130, 40)), named('mint', c(120, 230, 170)),
  named('teal', c(20, 150, 150)), named('turquoise', c(50, 210, 200)), named('cyan', c(30, 210, 240), 'aqua'),
  named('sky', c(100, 180, 250), 'azure'), named('blue', c(30, 110, 235), 'bluish', 'sapphire'), named('cobalt', c(30, 70, 190)),
  named('navy', c(20, 36, 110)), named('indigo', c(76, 40, 170)), named('purple', c(140, 50, 200), 'amethyst'),
  named('violet', c(170, 90, 240)), named('lavender', c(190, 160, 240), 'lilac'), named('magenta', c(230, 40, 200), 'fuchsia'),
  named('pink', c(255, 120, 190), 'pinkish'), named('rose', c(230, 80, 120), 'ruby'), named('peach', c(255, 180, 140), 'coral'),
  named('brown', c(130, 80, 40), 'chocolate'), named('tan', c(210, 170, 120), 'beige', 'khaki', 'sand', 'sandy'),
  named('white', c(246, 246, 246), 'snowwhite'), named('black', c(24, 24, 30), 'ebony', 'obsidian'),
  named('gray', c(128, 128, 128), 'grey', 'ashen', 'ash'),
];

export interface Modifier {
  name: 'dark' | 'light' | 'vivid' | 'muted';
  words: readonly string[];
}

export const MODIFIERS: readonly Modifier[] = [
  { name: 'dark', words: ['dark', 'darker', 'deep', 'dim', 'dusky', 'night'] },
  { name: 'light', words: ['light', 'lighter', 'pale', 'pastel', 'soft', 'faint'] },
  { name: 'vivid', words: ['vivid', 'bright', 'saturated', 'vibrant', 'intense', 'rich', 'hot'] },
  { name: 'muted', words: ['muted', 'dull', 'faded', 'washed', 'dusty', 'weathered'] },
];
