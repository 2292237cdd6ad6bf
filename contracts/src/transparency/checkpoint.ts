/**
 * Signed checkpoints of the transparency log in the C2SP formats, so that any implementation can check
 * them: the text is a tlog-checkpoint (origin, tree size, base64 root hash, then extension lines; ours
 * adds `time <ISO 8601>`), signed as a C2SP signed-note with Ed25519. A verifier key reads
 * `<name>+<key id, 8 hex>+<base64(0x01 || public key)>`; the key id is the first four bytes of
 * SHA-256(name || "\n" || 0x01 || public key). Signing uses @noble/ed25519 (the server); a
 * signature is checked with WebCrypto's Ed25519 (Node 22, current browsers), so a verifier ships no
 * Ed25519 code of its own.
 */
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';

/** noble signs (the server's side) with this SHA-512; set where it signs, so that a verifier's bundle leaves noble out. */
const withSha512 = () => (ed.hashes.sha512 ??= sha512);

const ED25519 = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function keyId(name: string, publicKey: Uint8Array): Uint8Array {
  const name8 = encoder.encode(name);
  const input = new Uint8Array(name8.length + 2 + publicKey.length);
  input.set(name8);
  input.set([0x0a, ED25519], name8.length);
  input.set(publicKey, name8.length + 2);
  return sha256(input).slice(0, 4);
}

const validName = (name: string) => name.length > 0 && !/[\s+]/.test(name);

/** A checkpoint's content: which log, how many leaves, their root, and when it was signed. */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
  time: string;
}

/** The verifier key others use to check this log's checkpoints. */
export function verifierKey(name: string, publicKey: Uint8Array): string {
  if (!validName(name)) throw new Error('a key name is not empty and holds no space or +');
  return `${name}+${toHex(keyId(name, publicKey))}+${toBase64(Uint8Array.of(ED25519, ...publicKey))}`;
}

/** The verifier key of a signing key (its 32-byte Ed25519 seed): what a service holding only the seed serves. */
export function verifierKeyOf(name: string, secretKey: Uint8Array): string {
  withSha512();
  return verifierKey(name, ed.getPublicKey(secretKey));
}

/** Signs a note's text (which ends in a newline) with an Ed25519 key: the whole signed note. */
export function signNote(text: string, name: string, secretKey: Uint8Array): string {
  if (!text.endsWith('\n')) throw new Error('a note’s text ends with a newline');
  withSha512();
  const signature = ed.sign(encoder.encode(text), secretKey);
  const blob = Uint8Array.of(...keyId(name, ed.getPublicKey(secretKey)), ...signature);
  return `${text}\n${SIGNATURE_PREFIX}${name} ${toBase64(blob)}\n`;
}

type VerifyingKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const verifyingKeys = new Map<string, Promise<VerifyingKey>>();

/** Whether `signature` is the Ed25519 signature of `data` by `publicKey`, through WebCrypto (null: no Ed25519 there). */
async function verifySignature(signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>, publicKey: Uint8Array<ArrayBuffer>) {
  // None in a page served over plain http to another host than localhost.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const id = toHex(publicKey);
  let imported = verifyingKeys.get(id);
  if (!imported) verifyingKeys.set(id, (imported = subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify'])));
  try {
    return await subtle.verify({ name: 'Ed25519' }, await imported, signature, data);
  } catch {
    verifyingKeys.delete(id);
    return null;
  }
}

/** The text of a note signed by the holder of this verifier key, or why it is not. */
export async function openNote(note: string, key: string): Promise<{ text: string } | { failure: string }> {
  // name+id+key: the base64 key may hold '+' itself, so only the first two separate.
  const first = key.indexOf('+');
  const second = key.indexOf('+', first + 1);
  const parts = first < 0 || second < 0 ? [] : [key.slice(0, first), key.slice(first + 1, second), key.slice(second + 1)];
  if (parts.length !== 3 || !validName(parts[0]) || !/^[0-9a-f]{8}$/.test(parts[1])) return { failure: 'the verifier key is malformed' };
  const material = fromBase64(parts[2]);
  if (!material || material.length !== 33 || material[0] !== ED25519) return { failure: 'the verifier key is not an Ed25519 key' };
  const [name, id, publicKey] = [parts[0], parts[1], material.slice(1)];
  if (toHex(keyId(name, publicKey)) !== id) return { failure: 'the verifier key’s id does not match its key' };

  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return { failure: 'the note has no signature' };
  const text = note.slice(0, split + 1);
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text)) return { failure: 'the note holds control characters' };
  for (const line of note.slice(split + 2, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) return { failure: 'a signature line is malformed' };
    const [signer, encoded, ...rest] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    const blob = encoded === undefined ? null : fromBase64(encoded);
    if (rest.length > 0 || !blob || blob.length < 5) return { failure: 'a signature line is malformed' };
    if (signer !== name || toHex(blob.slice(0, 4)) !== id) continue;
    const valid = blob.length === 68 && (await verifySignature(blob.slice(4), encoder.encode(text), publicKey));
    if (valid === null) return { failure: 'this runtime cannot check Ed25519 signatures (WebCrypto)' };
    return valid ? { text } : { failure: `the signature of ${name} does not verify` };
  }
  return { failure: `the note is not signed by ${name}` };
}

/** The text of a checkpoint, ready to sign. */
export function checkpointText(checkpoint: Checkpoint): string {
  if (/\n/.test(checkpoint.origin) || checkpoint.origin === '') throw new Error('an origin is one non-empty line');
  return `${checkpoint.origin}\n${checkpoint.size}\n${toBase64(checkpoint.root)}\ntime ${checkpoint.time}\n`;
}

/** A signed checkpoint's content once its signature, origin and fields check out, or why not. */
export async function openCheckpoint(note: string, key: string, origin: string): Promise<Checkpoint | { failure: string }> {
  const opened = await openNote(note, key);
  if ('failure' in opened) return opened;
  const [from, size, root, ...extensions] = opened.text.slice(0, -1).split('\n');
  if (from !== origin) return { failure: `the checkpoint is of another log (${from})` };
  if (!/^(0|[1-9][0-9]*)$/.test(size ?? '') || !Number.isSafeInteger(Number(size))) return { failure: 'the tree size is malformed' };
  const rootHash = fromBase64(root ?? '');
  if (!rootHash || rootHash.length !== 32) return { failure: 'the root hash is malformed' };
  const time = extensions.find((line) => line.startsWith('time '))?.slice(5);
  if (!time || Number.isNaN(Date.parse(time))) return { failure: 'the checkpoint has no signed time' };
  return { origin: from, size: Number(size), root: rootHash, time };
}
