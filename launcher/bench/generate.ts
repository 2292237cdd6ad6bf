import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { EVENT_SCHEMA_VERSION, SPORTS, streams, type DomainEvent } from '@bt/contracts';
import { bulkInsertEvents } from '@bt/event-store/testing';

/** A generated event, ready for the bulk loader. */
export interface GeneratedEvent {
  streamId: string;
  revision: number;
  event: DomainEvent;
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same history. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const day = (base: number, offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
const ODDS = ['-110', '-105', '+100', '+120', '+150', '-150', '-200', '+250', '-120', '+175'];
const BET_TYPES = ['moneyline', 'spread', 'total', 'prop'] as const;
const OUTCOMES = ['win', 'win', 'win', 'loss', 'loss', 'loss', 'loss', 'push'] as const;

/**
 * One user's history in realistic proportions: every bet placed, ~90% settled, ~15% amended,
 * ~3% removed; a deposit now and then. `bets` placed over the last two years.
 */
export function* userHistory(userId: string, bets: number, seed: number): Generator<GeneratedEvent> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const today = Date.now() - 86_400_000;
  let bankrollRevision = -1;
  yield {
    streamId: streams.user(userId),
    revision: 0,
    event: { type: 'UserRegistered', data: { userId, email: `${userId}@bench.test`, username: null, passwordHash: 'x' } },
  };
  yield { streamId: streams.bankroll(userId), revision: ++bankrollRevision, event: { type: 'FundsAdded', data: { userId, amount: 1000 } } };
  for (let i = 0; i < bets; i++) {
    const betId = randomUUID();
    const stream = streams.bet(betId);
    let revision = 0;
    const date = day(today, -Math.floor((730 * (bets - i)) / bets));
    yield {
      streamId: stream,
      revision,
      event: {
        type: 'BetPlaced',
        data: {
          userId,
          betId,
          sport: pick(SPORTS),
          event: `Game ${i}`,
          betType: pick(BET_TYPES),
          odds: pick(ODDS),
          stake: 10 + Math.floor(random() * 20) * 5,
          notes: null,
          date,
        },
      },
    };
    if (random() < 0.15)
      yield {
        streamId: stream,
        revision: ++revision,
        event: { type: 'BetAmended', data: { userId, betId, changes: { odds: pick(ODDS), stake: 25 } } },
      };
    if (random() < 0.9)
      yield { streamId: stream, revision: ++revision, event: { type: 'BetSettled', data: { userId, betId, outcome: pick(OUTCOMES) } } };
    if (random() < 0.03) yield { streamId: stream, revision: revision + 1, event: { type: 'BetRemoved', data: { userId, betId } } };
    if (random() < 0.01)
      yield {
        streamId: streams.bankroll(userId),
        revision: ++bankrollRevision,
        event: { type: 'FundsAdded', data: { userId, amount: 100 } },
      };
  }
}

/** About `target` events over `users` users (~2.1 events per bet). */
export function* population(users: number, target: number, seed = 1): Generator<GeneratedEvent> {
  const betsPerUser = Math.max(1, Math.round(target / users / 2.1));
  for (let u = 0; u < users; u++) yield* userHistory(randomUUID(), betsPerUser, seed + u);
}

/** Writes generated events straight into the Postgres event store's tables, `chunk` per transaction; returns how many. */
export const bulkLoad = async (
  pool: pg.Pool,
  schema: string,
  events: Iterable<GeneratedEvent>,
  chunk = 20_000,
  /** The n-th event's occurredAt; all now by default. */
  occurredAtOf?: (n: number) => string,
): Promise<number> => {
  let total = 0;
  let batch: GeneratedEvent[] = [];
  const now = new Date().toISOString();
  const flush = async () => {
    if (batch.length === 0) return;
    await bulkInsertEvents(
      pool,
      schema,
      batch.map((e, i) => ({
        streamId: e.streamId,
        revision: e.revision,
        type: e.event.type,
        data: e.event.data,
        metadata: { occurredAt: occurredAtOf?.(total + i) ?? now, commandId: randomUUID(), schemaVersion: EVENT_SCHEMA_VERSION },
      })),
    );
    total += batch.length;
    batch = [];
  };
  for (const e of events) {
    batch.push(e);
    if (batch.length >= chunk) await flush();
  }
  await flush();
  return total;
};
