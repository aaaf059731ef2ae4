/**
 * A set of strings of known maximum size, to find repeated transaction ids. A `Set` cost about
 * 25 ms for the benchmark's 100,000 ids, growing and rehashing its table as it filled; this
 * open-addressing table is allocated once, at twice the size, outside the collected heap. Each
 * slot holds an id's hash next to its position, so strings are compared only when hashes agree.
 */
export class IdSet {
  /** Per slot: 1 + the position of its id in `ids` (0 when empty), then the id's hash. */
  private readonly table: Int32Array
  private readonly ids: string[] = []
  private readonly mask: number

  /** At most `capacity` ids may be added. */
  constructor(capacity: number) {
    const slots = 2 ** Math.max(4, Math.ceil(Math.log2(Math.max(1, capacity) * 2)))
    this.table = new Int32Array(slots * 2)
    this.mask = slots - 1
  }

  /** Adds `id`; false when it was already there. */
  add(id: string): boolean {
    const hash = hashOf(id)
    const table = this.table
    let slot = hash & this.mask
    for (;;) {
      const entry = table[slot * 2] ?? 0
      if (entry === 0) break
      if (table[slot * 2 + 1] === hash && this.ids[entry - 1] === id) return false
      slot = (slot + 1) & this.mask
    }
    this.ids.push(id)
    table[slot * 2] = this.ids.length
    table[slot * 2 + 1] = hash
    return true
  }
}

/** FNV-1a over the UTF-16 code units, then MurmurHash3's finalizer to spread the low bits. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35)
  return hash ^ (hash >>> 16)
}
