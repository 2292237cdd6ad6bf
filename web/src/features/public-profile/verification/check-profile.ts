import { fromHex, openCheckpoint, verifyConsistency, verifyProfile, type Figures, type ShownFields } from '@bt/contracts';

/** What the page asks: whose profile, and the checkpoint this browser saw of the log before (if any). */
export interface CheckRequest {
  handle: string;
  seen: string | null;
}

/** A bet that failed, named as the page shows it. */
export interface FailedBet {
  id: string;
  name: string;
  failures: string[];
}

/** What the page shows of the verification. */
export interface ProfileCheck {
  /** Why nothing could be checked (the document or its checkpoint), or null. */
  failure: string | null;
  total: number;
  verified: number;
  beforeStart: number;
  failed: FailedBet[];
  figures: { all: Figures; beforeStart: Figures };
  /** The latest checkpoint (note) and its signed time, when it opened. */
  checkpoint: { note: string; size: number; time: string } | null;
  /** Why the log is not an extension of the one this browser saw before, or null. */
  history: string | null;
  millis: number;
}

const getJson = async (url: string): Promise<unknown> => {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.json();
};

// Checked by hand, not with contracts' zod schemas: the worker bundles no zod.
const isText = (value: unknown): value is string => typeof value === 'string';
const HEX32 = /^[0-9a-f]{64}$/;

/** The log's key and origin from GET /api/log/key. */
const keyOf = (answer: unknown): { key: string; origin: string } => {
  const { key, origin } = (answer ?? {}) as { key?: unknown; origin?: unknown };
  if (!isText(key) || !isText(origin)) throw new Error('/api/log/key answered no key and origin');
  return { key, origin };
};

/** The hashes of a consistency proof from GET /api/log/proof/consistency. */
const proofOf = (answer: unknown): Uint8Array[] => {
  const { proof } = (answer ?? {}) as { proof?: unknown };
  if (!Array.isArray(proof) || !proof.every((hash) => isText(hash) && HEX32.test(hash)))
    throw new Error('the consistency proof is malformed');
  return proof.map(fromHex);
};

const nameOf = (fields: ShownFields | undefined, id: string) =>
  fields ? `${fields.kind === 'bet' ? fields.event : fields.name} (${fields.date})` : id;

/** That the log now is the one seen before, grown: same tree or a verified consistency proof to it. */
const checkHistory = async (seen: string, latest: string, key: string, origin: string): Promise<string | null> => {
  const before = await openCheckpoint(seen, key, origin);
  const now = await openCheckpoint(latest, key, origin);
  if ('failure' in before) return `the checkpoint this browser saw before does not open: ${before.failure}`;
  if ('failure' in now) return null; // reported as the document's failure
  const saw = `you saw ${before.size} leaves signed ${before.time}`;
  if (before.size > now.size) return `the log shrank: ${saw}, it now has ${now.size}`;
  if (before.size === now.size) return before.root.every((b, i) => b === now.root[i]) ? null : `the log forked: ${saw} under another root`;
  const proof = proofOf(await getJson(`/api/log/proof/consistency?from=${before.size}&to=${now.size}`));
  const failure = verifyConsistency(before.size, now.size, proof, before.root, now.root);
  return failure === null ? null : `the log forked: ${saw}, and the log now does not extend them (${failure})`;
};

/**
 * Fetches a profile's proofs and the log's key and verifies everything (contracts' verifyProfile),
 * then checks the log against the checkpoint this browser saw before. Runs in a Web Worker.
 */
export const checkProfile = async ({ handle, seen }: CheckRequest): Promise<ProfileCheck> => {
  const started = performance.now();
  const [keyAnswer, document] = await Promise.all([
    getJson('/api/log/key'),
    getJson(`/api/public/profiles/${encodeURIComponent(handle)}/proofs`),
  ]);
  const { key, origin } = keyOf(keyAnswer);
  const result = await verifyProfile(document, key);
  const shown = document as { bets?: { id: string; commitments?: { fields: ShownFields }[]; unproven?: { fields: ShownFields } | null }[] };
  const fieldsOf = new Map((shown.bets ?? []).map((bet) => [bet.id, bet.commitments?.at(-1)?.fields ?? bet.unproven?.fields]));
  const note = (document as { checkpoint?: unknown }).checkpoint;
  const checkpoint = result.checkpoint && typeof note === 'string' ? { note, ...result.checkpoint } : null;
  return {
    failure: result.failure,
    total: result.bets.length,
    verified: result.bets.filter((bet) => bet.verified).length,
    beforeStart: result.bets.filter((bet) => bet.verified && bet.beforeStart === true).length,
    failed: result.bets
      .filter((bet) => bet.failures.length > 0)
      .map((bet) => ({ id: bet.id, name: nameOf(fieldsOf.get(bet.id), bet.id), failures: bet.failures })),
    figures: result.figures,
    checkpoint,
    history: seen && checkpoint ? await checkHistory(seen, checkpoint.note, key, origin) : null,
    millis: Math.round(performance.now() - started),
  };
};
