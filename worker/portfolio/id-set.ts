/**
 * A set of strings of known maximum size, to find repeated transaction ids. A `Set` cost about
 * 25 ms for the benchmark's 100,000 ids, growing and rehashing its table as it filled; this
 * open-addressing table is allocated once, at twice the size, outside the collected heap. A slot
 * holds only 1 + the position of its id (0 when empty), so the table the probes jump around in
 * stays small (4 bytes a slot); ids and their hashes lie in order of arrival, and a string is
 * compared only when its hash agrees.
 */
export class IdSet {
  private readonly table: Int32Array
  private readonly hashes: Int32Array
  private readonly ids: string[]
  private readonly mask: number
  private size = 0

  /** At most `capacity` ids may be added. */
  constructor(capacity: number) {
    const slots = 2 ** Math.max(4, Math.ceil(Math.log2(Math.max(1, capacity) * 2)))
    this.table = new Int32Array(slots)
    this.hashes = new Int32Array(capacity)
    this.ids = new Array<string>(capacity)
    this.mask = slots - 1
  }

  /** Adds `id`; false when it was already there. */
  add(id: string): boolean {
    const hash = hashOf(id)
    const table = this.table
    let slot = hash & this.mask
    for (;;) {
      const entry = table[slot] ?? 0
      if (entry === 0) break
      if (this.hashes[entry - 1] === hash && this.ids[entry - 1] === id) return false
      slot = (slot + 1) & this.mask
    }
    if (this.size === this.ids.length) throw new RangeError('IdSet is full')
    this.hashes[this.size] = hash
    this.ids[this.size] = id
    this.size++
    table[slot] = this.size
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
