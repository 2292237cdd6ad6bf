import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { RetryLaterError } from '@bt/platform';
import { argon2Hasher, HASH_QUEUE_RETRY_AFTER_SECONDS, queuedHasher, type PasswordHasher } from './passwords';

/** argon2 (cheap) that records how many of its hashes and checks run at once. */
const counted = () => {
  const argon2 = argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const stats = { running: 0, most: 0, done: 0 };
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    stats.running += 1;
    stats.most = Math.max(stats.most, stats.running);
    try {
      return await work();
    } finally {
      stats.running -= 1;
      stats.done += 1;
    }
  };
  const hasher: PasswordHasher = {
    hash: (password) => track(() => argon2.hash(password)),
    verify: (hash, password) => track(() => argon2.verify(hash, password)),
  };
  return { hasher, stats };
};

describe('the password-hash queue', () => {
  it('never runs more than N hashes and checks at once; the rest wait their turn and all finish', async () => {
    const { hasher, stats } = counted();
    const queued = queuedHasher(hasher, { concurrency: 2, maxWaiting: 100 });
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => queued.hash(`password-${i}`)));
    const checks = await Promise.all(hashes.map((hash, i) => queued.verify(hash, i % 2 === 0 ? `password-${i}` : 'wrong')));
    expect(checks).to.deep.equal(hashes.map((_, i) => i % 2 === 0));
    expect(stats).to.deep.equal({ running: 0, most: 2, done: 24 });
  });

  it('refuses at once with 503 and Retry-After past its waiting room, and takes work again once it drains', async () => {
    const { hasher, stats } = counted();
    const queued = queuedHasher(hasher, { concurrency: 1, maxWaiting: 2 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => queued.hash('secret1')));
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const refused of results.slice(3)) {
      const error = (refused as PromiseRejectedResult).reason as RetryLaterError;
      expect(error).to.be.instanceOf(RetryLaterError);
      expect(error).to.include({ status: 503, retryAfterSeconds: HASH_QUEUE_RETRY_AFTER_SECONDS, message: MESSAGES.serverBusy });
    }
    expect(stats.done).to.equal(3);
    expect(await queued.verify(await queued.hash('again'), 'again')).to.equal(true);
  });
});
