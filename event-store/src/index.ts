export * from './port';
export { createEventStore, eventStoreKind, type EventStoreKind } from './create-event-store';
export { createPostgresEventStore, type PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { startEmbeddedPostgres, type EmbeddedPostgresOptions, type RunningPostgres } from './postgres/embedded';
export { createEsdbEventStore, type EsdbEventStoreOptions } from './eventstoredb/esdb-event-store';
export { copyLog, DivergentStream, type CopyOptions, type CopyProgress } from './log-transfer';
export { EMBEDDED_DATABASE, useEmbeddedDefault, type EmbeddedDefault } from './postgres/embedded-default';
export { appendsNoEventSql } from './postgres/readable-horizon';
