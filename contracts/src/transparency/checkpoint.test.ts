import { expect } from 'chai';
import * as ed from '@noble/ed25519';
import { checkpointText, openCheckpoint, openNote, signNote, verifierKeyOf } from './checkpoint';

// The example key and note of the reference implementation (golang.org/x/mod/sumdb/note's documentation and tests).
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const SEED = Uint8Array.from(Buffer.from('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz', 'base64')).slice(1);
const TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const NOTE = `${TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed checkpoints (C2SP signed-note, tlog-checkpoint)', () => {
  it('signs and keys exactly as the reference implementation does', async () => {
    expect(verifierKeyOf('PeterNeumann', SEED)).to.equal(VKEY);
    expect(signNote(TEXT, 'PeterNeumann', SEED)).to.equal(NOTE);
    expect(await openNote(NOTE, VKEY)).to.deep.equal({ text: TEXT });
  });

  it('refuses an altered text, an altered signature, another key and a mangled key', async () => {
    expect(await openNote(NOTE.replace('cryptography', 'cryptographY'), VKEY)).to.have.property('failure');
    expect(await openNote(NOTE.replace('x08go', 'x08gp'), VKEY)).to.have.property('failure');
    const other = verifierKeyOf('PeterNeumann', ed.utils.randomSecretKey());
    expect(await openNote(NOTE, other)).to.deep.equal({ failure: 'the note is not signed by PeterNeumann' });
    for (let i = 0; i < VKEY.length; i++) {
      const mangled = VKEY.slice(0, i) + String.fromCharCode(VKEY.charCodeAt(i) + 1) + VKEY.slice(i + 1);
      expect(await openNote(NOTE, mangled), mangled).to.have.property('failure');
    }
  });

  it('says so where the runtime has no WebCrypto to check a signature with', async () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      expect(await openNote(NOTE, VKEY)).to.deep.equal({ failure: 'this runtime cannot check Ed25519 signatures (WebCrypto)' });
    } finally {
      Object.defineProperty(globalThis, 'crypto', own);
    }
    expect(await openNote(NOTE, VKEY)).to.deep.equal({ text: TEXT });
  });

  it('reads a verifier key whose base64 holds a +', async () => {
    let secret = ed.utils.randomSecretKey();
    while (!verifierKeyOf('k', secret).slice(11).includes('+')) secret = ed.utils.randomSecretKey();
    const key = verifierKeyOf('k', secret);
    expect(await openNote(signNote('text\n', 'k', secret), key)).to.deep.equal({ text: 'text\n' });
  });

  it('reads back a signed checkpoint and refuses any change to its size, root, time or origin', async () => {
    const secret = ed.utils.randomSecretKey();
    const key = verifierKeyOf('bet-tracker.test', secret);
    const checkpoint = { origin: 'bet-tracker.test/log', size: 312, root: new Uint8Array(32).fill(7), time: '2026-11-27T23:00:00.000Z' };
    const note = signNote(checkpointText(checkpoint), 'bet-tracker.test', secret);
    expect(await openCheckpoint(note, key, checkpoint.origin)).to.deep.equal(checkpoint);
    expect(await openCheckpoint(note.replace('\n312\n', '\n313\n'), key, checkpoint.origin)).to.have.property('failure');
    expect(await openCheckpoint(note.replace('23:00', '22:00'), key, checkpoint.origin)).to.have.property('failure');
    expect(await openCheckpoint(note.replace('BwcH', 'BwcI'), key, checkpoint.origin)).to.have.property('failure');
    expect(await openCheckpoint(note, key, 'another.log')).to.deep.equal({
      failure: 'the checkpoint is of another log (bet-tracker.test/log)',
    });
  });
});
