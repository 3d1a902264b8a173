// Timing for the comparisons: each contender on the same inputs, interleaved, reported as a spread.

export interface Spread {
  min: number;
  med: number;
  max: number;
}

export const spread = (xs: number[]): Spread => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, med: s[s.length >> 1]!, max: s[s.length - 1]! };
};

/** A contender timed alone, or one whose input `prepare` makes untimed before each run. */
export type Contender = (() => Promise<unknown> | unknown) | { prepare: () => Promise<unknown> | unknown; run: () => Promise<unknown> | unknown };

/** Each of `fns` timed `runs` times (ms), interleaved, the order alternating (forward, then backward). */
export async function interleaved(runs: number, ...fns: Contender[]): Promise<number[][]> {
  const times = fns.map((): number[] => []);
  for (let r = 0; r < runs; r++) {
    const order = fns.map((_, i) => i);
    for (const i of r % 2 ? order.reverse() : order) {
      const fn = fns[i]!;
      if (typeof fn !== 'function') await fn.prepare();
      const t = performance.now();
      await (typeof fn === 'function' ? fn() : fn.run());
      times[i]!.push(performance.now() - t);
    }
  }
  return times;
}
