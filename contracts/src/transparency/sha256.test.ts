import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createSHA256 } from 'hash-wasm';
import { sha256, sha256Of, useWasmSha256 } from './sha256';

const reference = (...parts: (Uint8Array | string)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

// Empty, one byte, 55/56/64 bytes (SHA-256's padding edges), non-ASCII text, and text longer than the shared buffer.
const CASES: (Uint8Array | string)[][] = [
  [new Uint8Array(0)],
  [Uint8Array.of(0x00)],
  ['a'.repeat(55)],
  ['a'.repeat(56)],
  [new Uint8Array(64).fill(7)],
  [Uint8Array.of(0x00), '{"event":"Mönchengladbach – Köln 🏒","odds":"+120"}'],
  [Uint8Array.of(0x01), new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)],
  ['x'.repeat(5000), 'é'.repeat(3000)],
];

describe('SHA-256 of the transparency log', () => {
  it("noble and hash-wasm's WebAssembly both give node:crypto's digest of every input", async () => {
    const wasm = sha256Of(await createSHA256());
    const js = sha256Of(null);
    for (const parts of CASES) {
      expect(js(...parts), `noble: ${String(parts[0]).slice(0, 20)}`).to.deep.equal(reference(...parts));
      expect(wasm(...parts), `wasm: ${String(parts[0]).slice(0, 20)}`).to.deep.equal(reference(...parts));
    }
  });

  it('hashes the same once the WebAssembly hasher is in use', async () => {
    await useWasmSha256();
    for (const parts of CASES) expect(sha256(...parts)).to.deep.equal(reference(...parts));
  });
});
