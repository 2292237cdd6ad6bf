/**
 * SHA-256 of the transparency log's leaves and nodes: noble's JavaScript, synchronous and ready at
 * once, until `useWasmSha256()` has loaded hash-wasm's WebAssembly, which gives the same digests
 * about three times faster in Chromium (a profile's verification hashes tens of thousands of short
 * inputs). Where WebAssembly cannot run (a policy without 'wasm-unsafe-eval', an old engine), noble
 * stays. A string is hashed as its UTF-8.
 */
import { sha256 as noble } from '@noble/hashes/sha2.js';
import { createSHA256, type IHasher } from 'hash-wasm';

type Part = Uint8Array | string;

const encoder = new TextEncoder();
// One buffer that strings are encoded into: a new array for each of tens of thousands of short strings costs more than their hash.
let scratch = new Uint8Array(1024);
const utf8 = (text: string): Uint8Array => {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
};

/** SHA-256 of parts one after another, by hash-wasm's hasher, or by noble without one. */
export const sha256Of =
  (wasm: IHasher | null) =>
  (...parts: Part[]): Uint8Array => {
    if (wasm !== null) {
      wasm.init();
      for (const part of parts) wasm.update(typeof part === 'string' ? utf8(part) : part);
      return wasm.digest('binary');
    }
    if (parts.length === 1 && typeof parts[0] !== 'string') return noble(parts[0]);
    const hash = noble.create();
    for (const part of parts) hash.update(typeof part === 'string' ? utf8(part) : part);
    return hash.digest();
  };

let current = sha256Of(null);
let loading: Promise<void> | null = null;

/** SHA-256 of the parts one after another. */
export const sha256 = (...parts: Part[]): Uint8Array => current(...parts);

/** Loads the WebAssembly hasher once (and resolves without it where it cannot load). */
export const useWasmSha256 = (): Promise<void> =>
  (loading ??= createSHA256().then(
    (hasher) => {
      current = sha256Of(hasher);
    },
    () => undefined,
  ));
