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

/** Each of `fns` timed `runs` times (ms), interleaved, the order alternating (forward, then backward). */
export async function interleaved(runs: number, ...fns: (() => Promise<unknown> | unknown)[]): Promise<number[][]> {
  const times = fns.map((): number[] => []);
  for (let r = 0; r < runs; r++) {
    const order = fns.map((_, i) => i);
    for (const i of r % 2 ? order.reverse() : order) {
      const t = performance.now();
      await fns[i]!();
      times[i]!.push(performance.now() - t);
    }
  }
  return times;
}
