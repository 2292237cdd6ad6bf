import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one metrics registry: every service of the process (all three in the one-process
 * default) registers here once, so the front door serves them together without duplicate names.
 */
let registry: Registry | undefined;
export const metricsRegistry = (): Registry => {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
};

const once = <T>(make: (register: Registry) => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make(metricsRegistry()));
};

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = once(
  (register) =>
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by service, method, route pattern and status',
      labelNames: ['service', 'method', 'route', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
);

export const eventStoreAppendDuration = once(
  (register) =>
    new Histogram({
      name: 'event_store_append_duration_seconds',
      help: 'Appends to the event store (append and appendMany), by outcome',
      labelNames: ['outcome'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
);

const projectorBatchSize = once(
  (register) =>
    new Histogram({
      name: 'projector_batch_size',
      help: 'Events per batch the projector wrote',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
      registers: [register],
    }),
);

/** What the live projector keeps in memory between batches (set after each batch): its cached user states and their rows. */
const projectorCache = once((register) => ({
  users: new Gauge({ name: 'projector_cached_users', help: 'User states the projector keeps between batches', registers: [register] }),
  rows: new Gauge({
    name: 'projector_cached_rows',
    help: 'Rows those states hold (PROJECTOR_CACHED_ROWS bounds it; about 0.5-1 KB each)',
    registers: [register],
  }),
}));

/** After a live batch: its size (the histogram) and what the projector then keeps (the cache gauges). */
export const observeProjectorBatch = (batch: ProjectorBatch): void => {
  projectorBatchSize().observe(batch.events);
  projectorCache().users.set(batch.cachedUsers);
  projectorCache().rows.set(batch.cachedRows);
};

/** A live batch written, as the projector tells it (its thread posts it to the process that serves /metrics). */
export interface ProjectorBatch {
  events: number;
  cachedUsers: number;
  cachedRows: number;
}

export const rebuildEvents = once(
  (register) =>
    new Counter({ name: 'projector_rebuild_events_total', help: 'Events folded by rebuilds of the read models', registers: [register] }),
);

export interface ProjectorLag {
  events: number;
  seconds: number;
  setAsideUsers: number;
}

let lagSource: (() => Promise<ProjectorLag>) | undefined;

/**
 * Where the projector's lag gauges (`projector_lag_events`, `projector_lag_seconds`) and the set-aside
 * users gauge read from at each scrape: the running projector of this process (undefined: none).
 */
export const setProjectorLagSource = (
  source: (() => Promise<ProjectorLag>) | undefined,
  /** With undefined: only if the source is still this one (a projector stopping after another started). */
  previous?: () => Promise<ProjectorLag>,
): void => {
  if (source === undefined && previous !== undefined && lagSource !== previous) return;
  lagSource = source;
  projectorGauges();
};

const projectorGauges = once((register) => {
  let last: Promise<ProjectorLag | undefined> | undefined;
  // The three gauges are collected one after another for one scrape: read the lag once for them.
  const read = () => {
    last ??= (lagSource?.() ?? Promise.resolve(undefined)).catch(() => undefined).finally(() => setImmediate(() => (last = undefined)));
    return last;
  };
  const gauge = (name: string, help: string, pick: (lag: ProjectorLag) => number) =>
    new Gauge({
      name,
      help,
      registers: [register],
      async collect() {
        const lag = await read();
        if (lag) this.set(pick(lag));
      },
    });
  return [
    gauge('projector_lag_events', 'Events in the log after the read models\u2019 checkpoint (counted up to 10,000)', (l) => l.events),
    gauge('projector_lag_seconds', 'Age of the oldest event not yet in the read models (0 when caught up)', (l) => l.seconds),
    gauge('projector_set_aside_users', 'Users the projector set aside (projection_failures)', (l) => l.setAsideUsers),
  ];
});
