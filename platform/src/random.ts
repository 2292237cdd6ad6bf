import { randomFillSync } from 'node:crypto';

/** Bytes drawn from the system's generator at a time. */
const POOL_BYTES = 16 * 1024;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `size` bytes from the operating system's cryptographic generator (as crypto.randomBytes), drawn
 * 16 KiB at a time: one call into OpenSSL per 16 KiB rather than one per salt or IV. Those calls
 * took 4.5 s of the requests' thread in the `fairness` bench (a transparency salt per write, an IV
 * per personal field). Every byte is handed out once, as a copy (a refill takes a fresh pool).
 */
export const randomBytesPooled = (size: number): Buffer => {
  if (size > POOL_BYTES / 16) return randomFillSync(Buffer.alloc(size));
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
};
