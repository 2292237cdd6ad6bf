import { appendContract } from './contract-appends';
import { concurrencyContract } from './contract-concurrency';
import { deleteContract } from './contract-deletes';
import { readContract } from './contract-reads';
import { subscriptionContract } from './contract-subscriptions';
import type { EventStore } from './port';

export interface EventStoreUnderTest {
  store: EventStore;
  teardown(): Promise<void>;
}

export interface ContractOptions {
  /** Time allowed for setup (starting a container can take minutes); default 180 s. */
  setupTimeoutMs?: number;
  /**
   * The store writes several streams in one transaction (Postgres): a failed appendMany or
   * appendEach leaves nothing. Without (EventStoreDB), it appends in turn and throws PartialAppend.
   */
  multiStreamTransactions?: boolean;
}

/**
 * The contract every event store adapter passes. `setup` returns undefined when the store is not
 * reachable: the whole suite is then skipped (setup prints the one-line reason).
 *
 * Tests use fresh stream ids and only look at their own streams in the global log, so they also
 * run against a server that holds other data.
 */
export function describeEventStoreContract(
  name: string,
  setup: () => Promise<EventStoreUnderTest | undefined>,
  options: ContractOptions = {},
): void {
  describe(`${name} event store contract`, function () {
    let underTest: EventStoreUnderTest | undefined;

    before(async function () {
      this.timeout(options.setupTimeoutMs ?? 180_000);
      underTest = await setup();
      if (!underTest) this.skip();
    });

    after(async function () {
      this.timeout(60_000);
      await underTest?.teardown();
    });

    // Each part's own `before` takes the store once the one above has set it up.
    const subject = (): EventStore => underTest!.store;
    appendContract(subject, options);
    readContract(subject);
    subscriptionContract(subject);
    concurrencyContract(subject);
    deleteContract(subject);
  });
}
