// The middle of a list of numbers: what a set of noisy measurements (box sizes, bone angles, edge
// depths) typically is, a stray one outvoted.

/** The median of `xs` (the upper one of an even count), 0 for none; `xs` is left as it was. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
