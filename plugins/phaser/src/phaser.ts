// Phaser is not bundled: the game brings its own (3.60+ or 4). It is taken from usePhaser() or the
// global `Phaser` (set by phaser.js, not by phaser.esm.js), and only when a scene first needs it,
// so this module may be imported before Phaser has run.

type PhaserNamespace = typeof Phaser;

let given: PhaserNamespace | undefined;

/** Use this Phaser namespace instead of the global one (bundlers, several copies of Phaser). */
export function usePhaser(namespace: PhaserNamespace): void {
  given = namespace;
}

export function phaser(): PhaserNamespace {
  const namespace = given ?? (globalThis as { Phaser?: PhaserNamespace }).Phaser;
  if (!namespace?.Loader?.MultiFile) {
    throw new Error('spritekiln: Phaser not found; load Phaser before the game starts, or call usePhaser(Phaser)');
  }
  return namespace;
}
