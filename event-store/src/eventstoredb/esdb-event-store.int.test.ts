import type { StartedTestContainer } from 'testcontainers';
import { describeEventStoreContract } from '../contract-suite';
import { createEsdbEventStore } from './esdb-event-store';

const IMAGE = 'eventstore/eventstore:24.10';

/**
 * Runs the contract against `EVENTSTORE_URL`, or else a throwaway EventStoreDB container; skips with
 * one line when neither is available (no Docker here is normal, not a failure).
 */
describeEventStoreContract('EventStoreDB', async () => {
  let url = process.env.EVENTSTORE_URL;
  let container: StartedTestContainer | undefined;
  if (!url) {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    // Without a runtime this rejects within milliseconds; the timeout covers a runtime that hangs.
    const runtime = await withTimeout(getContainerRuntimeClient(), 10_000).catch(() => undefined);
    if (!runtime) {
      console.log('    EventStoreDB contract tests skipped: no EVENTSTORE_URL and no container runtime');
      return undefined;
    }
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'All',
        EVENTSTORE_START_STANDARD_PROJECTIONS: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  }
  const store = await createEsdbEventStore({ connectionString: url });
  return {
    store,
    teardown: async () => {
      await store.close();
      await container?.stop();
    },
  };
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
