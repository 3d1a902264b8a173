// Creature templates for the symmetric mask generator: the LEFT half of each body, outer edge
// first ('.' never, 'o' maybe, 'O' often, '#' always), mirrored at fill time. Each names where its
// eyes and mouth go (row, and cells from the centre line) so faces land on the body.

export interface CreatureTemplate {
  rows: readonly string[];
  /** Cell rows of the eyes and the mouth; eyes sit `eyeDx` cells either side of the centre. */
  eyeRow: number;
  eyeDx: number;
  mouthRow: number;
  /** Eye radius in cells. */
  eyeSize: number;
  /** Fill probability of 'o' cells. */
  density: number;
  /** Rounds of cellular smoothing (more = rounder, fewer spikes). */
  smooth: number;
  /** Corner rounding (fraction of a cell): 0 keeps blocks, 0.8 and more makes blobs. */
  round: number;
  /** Body colour when no word names one (null: a seeded hue). */
  color: readonly [number, number, number] | null;
}

export const TEMPLATES = {
  beast: {
    rows: ['o......', 'oo.....', '.oo.OO#', '..oO###', '..O####', '..O####', '...O###', '.o.oO##', 'ooOO###', 'oO.O###', 'o..O###', '...O###', '...oO#.', '...oO..', '..oOO..'],
    eyeRow: 4, eyeDx: 1.5, mouthRow: 6, eyeSize: 0.75, density: 0.5, smooth: 1, round: 0.9, color: null,
  },
  slime: {
    rows: ['....oO#', '..oO###', '.oO####', '.O#####', 'oO#####', 'O######', 'O######', 'O######', 'oO#####', '.oOoO#O'],
    eyeRow: 4, eyeDx: 2, mouthRow: 6, eyeSize: 1.0, density: 0.55, smooth: 2, round: 1.4, color: null,
  },
  bug: {
    rows: ['...o.o.', '....o.O', '.....O#', 'o...O##', '.o.O###', '..O####', 'oO#####', '..O####', '.oO####', 'o.O####', '..oO###', '...oO##', '....oO#'],
    eyeRow: 2, eyeDx: 0.9, mouthRow: 3, eyeSize: 0.55, density: 0.55, smooth: 0, round: 0.8, color: [120, 84, 60],
  },
  bat: {
    rows: ['o......', 'oO.....', 'OOo..o.', 'OOOo.O#', 'oOOOO##', 'oOOOO##', '.oOOO##', '..oOO##', '...o.O#', '......O'],
    eyeRow: 4, eyeDx: 0.9, mouthRow: 6, eyeSize: 0.5, density: 0.6, smooth: 1, round: 0.9, color: [96, 70, 120],
  },
  ghost: {
    rows: ['....OO#', '..OO###', '.O#####', '.O#####', 'O######', 'O######', 'O######', 'O######', 'O######', 'oO##O##', '.o.o.o#'],
    eyeRow: 4, eyeDx: 1.8, mouthRow: 6.5, eyeSize: 0.8, density: 0.5, smooth: 1, round: 1.3, color: [226, 232, 248],
  },
  golem: {
    rows: ['...OO##', '...O###', '...O###', 'OOO####', 'O######', 'O######', 'OO.####', 'OO.####', 'O..O###', '...O##.', '...O##.', '..OO##.'],
    eyeRow: 1.5, eyeDx: 1.2, mouthRow: 2.6, eyeSize: 0.45, density: 0.6, smooth: 0, round: 0.35, color: [140, 136, 150],
  },
  dragon: {
    rows: ['O....o.', 'OO...o.', 'OOo..O#', 'oOOo.##', '.oOOO##', '..oOO##', '..oO###', '...O###', '...O###', '..oO###', '..oO.##', '..oO...'],
    eyeRow: 3.5, eyeDx: 1, mouthRow: 5, eyeSize: 0.55, density: 0.6, smooth: 1, round: 0.8, color: null,
  },
} as const satisfies Record<string, CreatureTemplate>;

export type Species = keyof typeof TEMPLATES;
