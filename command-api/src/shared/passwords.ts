import argon2 from 'argon2';
import { Semaphore } from 'async-mutex';
import { MESSAGES } from '@bt/contracts';
import { RetryLaterError } from '@bt/platform';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that cannot be read. */
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id cost; the defaults are argon2's (m = 64 MiB, t = 3, p = 4). Tests lower them. */
export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export const argon2Hasher = (cost: PasswordCost = {}): PasswordHasher => ({
  hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...cost }),
  verify: (hash, password) => argon2.verify(hash, password).catch(() => false),
});

/** How many password hashes run at once in this process, and how many more may wait for their turn. */
export interface HashQueueLimits {
  /** argon2 holds its memory cost (64 MiB by default) per running hash: this bounds the process's memory. */
  concurrency: number;
  /** A sign-in beyond running + waiting is refused at once (503, Retry-After) rather than queued. */
  maxWaiting: number;
}

/**
 * One argon2 hash holds 64 MiB while it runs and, with parallelism 4, already keeps four cores
 * busy: one at a time keeps a burst of sign-ins to ~64 MiB above the process's own memory at no
 * cost in throughput on a small machine; the rest wait their turn (~0.1-0.4 s each), up to 100.
 */
export const DEFAULT_HASH_QUEUE: HashQueueLimits = { concurrency: 1, maxWaiting: 100 };

/** Seconds a refused sign-in is told to wait when the hash queue is full. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 5;

/**
 * `hasher` with at most `concurrency` hashes and checks running at once; the rest wait in order
 * (a bounded queue: past `maxWaiting` waiting, 503 with Retry-After).
 */
export const queuedHasher = (hasher: PasswordHasher, limits: HashQueueLimits): PasswordHasher => {
  const semaphore = new Semaphore(limits.concurrency);
  let inFlight = 0;
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (inFlight >= limits.concurrency + limits.maxWaiting) {
      throw new RetryLaterError(503, HASH_QUEUE_RETRY_AFTER_SECONDS, MESSAGES.serverBusy);
    }
    inFlight += 1;
    try {
      return await semaphore.runExclusive(task);
    } finally {
      inFlight -= 1;
    }
  };
  return {
    hash: (password) => run(() => hasher.hash(password)),
    verify: (hash, password) => run(() => hasher.verify(hash, password)),
  };
};
