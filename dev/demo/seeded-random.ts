/**
 * A deterministic stream of numbers in [0, 1) (mulberry32), seeded from a text: the same seed
 * gives the same numbers on every machine and every run, so the demo data never changes by chance.
 */
export function seededRandom(seed: string): () => number {
  let state = hashText(seed)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** A standard normal draw from two uniform ones (Box–Muller). */
export function normalDraw(random: () => number): number {
  const uniform = 1 - random()
  return Math.sqrt(-2 * Math.log(uniform)) * Math.cos(2 * Math.PI * random())
}

/** FNV-1a, 32 bits. */
function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  }
  return hash >>> 0
}
