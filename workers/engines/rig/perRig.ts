// Facts about a rig worked out once and kept with it: a pose is fitted hundreds of times over the
// same rig (every cell of a sheet, every try of a turn), and the rig is dropped when its job is.
import type { Rig } from './types.ts';

/** `make`, remembered per rig (while it lives) and per key. */
export function perRig<K, V>(make: (rig: Rig, key: K) => V): (rig: Rig, key: K) => V {
  const kept = new WeakMap<Rig, Map<K, V>>();
  return (rig, key) => {
    let byKey = kept.get(rig);
    if (!byKey) kept.set(rig, (byKey = new Map()));
    let got = byKey.get(key);
    if (got === undefined) byKey.set(key, (got = make(rig, key)));
    return got;
  };
}
