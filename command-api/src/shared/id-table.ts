/**
 * A map from (UUID, tag) to a small number, kept as 20 bytes a slot in one typed array rather than
 * as a Map of strings (about 10x that once V8's string and table overheads count): what an import
 * of 50,000 rows remembers of each of them (the ids it took, how often a row was seen) stays a
 * couple of MB. `tag` tells apart the same UUID in two roles (a bet's stream and a parlay's).
 */
export class IdTable {
  /** Per slot: the UUID's four 32-bit words, then (tag + 1) << 28 | value; 0 there: a free slot. */
  private slots = new Uint32Array(WORDS * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** What it holds in memory, whatever its ids: 20 bytes a slot, at least two slots an id. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  get(id: string, tag = 0): number | undefined {
    const key = words(id);
    const slot = this.find(key, tag);
    const meta = this.slots[slot * WORDS + 4];
    return meta === 0 ? undefined : meta & VALUE;
  }

  has(id: string, tag = 0): boolean {
    return this.get(id, tag) !== undefined;
  }

  set(id: string, tag = 0, value = 0): void {
    if (!Number.isInteger(tag) || tag < 0 || tag > 14) throw new RangeError(`tag must be 0 to 14, got ${tag}`);
    if (!Number.isInteger(value) || value < 0 || value > VALUE) throw new RangeError(`value must be 0 to ${VALUE}, got ${value}`);
    if ((this.count + 1) * 2 > this.capacity) this.grow();
    const key = words(id);
    const slot = this.find(key, tag);
    const at = slot * WORDS;
    if (this.slots[at + 4] === 0) {
      this.slots.set(key, at);
      this.count++;
    }
    this.slots[at + 4] = (((tag + 1) << 28) | value) >>> 0;
  }

  /** Every entry, in no particular order. */
  *entries(): Generator<{ id: string; tag: number; value: number }> {
    for (let at = 0; at < this.slots.length; at += WORDS) {
      const meta = this.slots[at + 4];
      if (meta === 0) continue;
      yield { id: uuidOf(this.slots.subarray(at, at + 4)), tag: (meta >>> 28) - 1, value: meta & VALUE };
    }
  }

  private get capacity() {
    return this.slots.length / WORDS;
  }

  /** The slot holding (key, tag), else the free slot where it goes (linear probing). */
  private find(key: Uint32Array, tag: number): number {
    const mask = this.capacity - 1;
    // The UUID's bits are hashed already (v5: SHA-1; v4/v7: random) but for v7's timestamp: mix.
    let slot = (Math.imul(key[0] ^ key[3], 0x9e3779b1) ^ key[1] ^ Math.imul(key[2], 0x85ebca6b) ^ tag) & mask;
    for (;;) {
      const at = slot * WORDS;
      const meta = this.slots[at + 4];
      if (meta === 0) return slot;
      if (
        meta >>> 28 === tag + 1 &&
        this.slots[at] === key[0] &&
        this.slots[at + 1] === key[1] &&
        this.slots[at + 2] === key[2] &&
        this.slots[at + 3] === key[3]
      )
        return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow() {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += WORDS) {
      const meta = old[at + 4];
      if (meta === 0) continue;
      const key = old.subarray(at, at + 4);
      const slot = this.find(key, (meta >>> 28) - 1) * WORDS;
      this.slots.set(key, slot);
      this.slots[slot + 4] = meta;
    }
  }
}

const WORDS = 5;
const VALUE = 0x0fffffff;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const scratch = new Uint32Array(4);

/** The UUID's 128 bits as four words (a shared scratch array: used before the next call). */
const words = (id: string): Uint32Array => {
  if (!UUID.test(id)) throw new TypeError(`not a lowercase UUID: ${id}`);
  const hex = id.replaceAll('-', '');
  for (let i = 0; i < 4; i++) scratch[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16);
  return scratch;
};

const uuidOf = (key: Uint32Array): string => {
  const hex = Array.from(key, (w) => w.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
