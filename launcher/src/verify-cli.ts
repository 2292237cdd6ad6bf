import { readFile } from 'node:fs/promises';
import { logKeyAnswer, verifyProfile } from '@bt/contracts';
import { commandLine } from '@bt/platform/cli';

/**
 * `npm run verify -- <page or profile URL, or file> [--key <verifier key>]`: checks a public profile (the document of
 * GET /api/public/profiles/<handle>/proofs) as its
 * page does in the browser (every signature, every proof, every leaf from the fields shown, the
 * figures recomputed), trusting nothing the server says; exits 1 on any failure. Without --key the
 * key is asked of the profile's server (GET /api/log/key): compare it with the one published.
 */
const { values, positionals } = commandLine({
  usage: 'npm run verify -- <profile-url|file> [--key <verifier key>]',
  about: 'Verifies a public profile against the transparency log: signatures, inclusion and consistency proofs, leaves, figures.',
  options: { key: { type: 'string', description: "The log's verifier key (name+id+base64), as the README publishes it" } },
  positionals: { min: 1, max: 1, name: 'profile' },
});
const [source] = positionals as [string];
const isUrl = /^https?:\/\//.test(source);
/** A page's address (/u/<handle>) stands for its proofs' (/api/public/profiles/<handle>/proofs). */
const documentUrl = (url: string): string => {
  const page = new URL(url);
  const handle = /^\/u\/([^/]+)\/?$/.exec(page.pathname)?.[1];
  return handle ? new URL(`/api/public/profiles/${handle}/proofs`, page).href : url;
};

const fetchJson = async (url: string): Promise<unknown> => {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.json();
};

try {
  const document = isUrl ? await fetchJson(documentUrl(source)) : JSON.parse(await readFile(source, 'utf8'));
  let key = values.key;
  if (key === undefined) {
    if (!isUrl) throw new Error('a profile read from a file needs --key');
    key = logKeyAnswer.parse(await fetchJson(new URL('/api/log/key', source).href)).key;
    console.log(`key (from the server; compare it with the published one): ${key}`);
  }
  const result = await verifyProfile(document, key);
  if (result.failure) console.log(`FAILED: ${result.failure}`);
  for (const bet of result.bets) {
    const mark = bet.verified ? 'verified' : bet.failures.length > 0 ? 'FAILED' : bet.imported ? 'imported' : 'no commitment';
    const when = bet.beforeStart === null ? '' : bet.beforeStart ? ', logged before the start' : ', logged after the start';
    console.log(`${bet.id}: ${mark}${when}${bet.failures.map((failure) => `\n  ${failure}`).join('')}`);
  }
  const verified = result.bets.filter((bet) => bet.verified);
  console.log(
    `${verified.length} of ${result.bets.length} bets verified, ${verified.filter((bet) => bet.beforeStart).length} logged before the start`,
  );
  console.log(`figures of the verified bets: ${JSON.stringify(result.figures.all)}`);
  console.log(`figures of those logged before the start: ${JSON.stringify(result.figures.beforeStart)}`);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(`cannot verify: ${(error as Error).message}`);
  process.exitCode = 2;
}
