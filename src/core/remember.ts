// A cache that stays small: what the key ring and the key derivations keep for the life of a worker or a process.

/** How many entries one cache keeps; past it the oldest goes, so a long session stays small. */
const MAX_CACHED = 256;

/** The value at `key`, made once by `make` and kept, the map's oldest entry forgotten past MAX_CACHED. */
export function remember<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const hit = map.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  map.set(key, value);
  if (map.size > MAX_CACHED) map.delete(map.keys().next().value as K);
  return value;
}
