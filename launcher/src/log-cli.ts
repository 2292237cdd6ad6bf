import type { Position } from '@bt/event-store';
import { commandLine } from '@bt/platform/cli';

/**
 * `npm run log:copy -- <from> <to> [--after commit.prepare] [--encrypt]`: copies the whole event log
 * from one store to another (Postgres <-> EventStoreDB), keeping streams, revisions, event ids and
 * metadata. Personal fields are copied as stored (encrypted ones stay encrypted: once a user's key is
 * destroyed, their fields read "[deleted]" from the copy too); `--encrypt` encrypts those stored in
 * plain text (a log written before crypto-shredding) under each user's key, in DATABASE_URL's schema
 * `keys` (else the target's, when it is Postgres).
 * `embedded` names the embedded default (`.data/`). Safe to re-run after an interruption: events
 * the target already has are skipped. Point the services at the new store afterwards and rebuild
 * the read models (`npm run projections:rebuild -- --fresh`). The command line is read before the
 * stores' code loads, so `--help` or a wrong argument answers at once.
 */
const { values, positionals } = commandLine({
  usage: 'npm run log:copy -- <from-url|embedded> <to-url|embedded> [--after commit.prepare] [--encrypt]',
  about: [
    'Copies the whole event log from one store to another (postgres:// or esdb:// URLs; `embedded` is the embedded default in .data/),',
    'keeping streams, revisions, event ids and metadata. Safe to re-run: events the target already has are skipped.',
    'Personal fields are copied as stored; --encrypt encrypts those written in plain text (before crypto-shredding).',
  ].join('\n'),
  options: {
    after: { type: 'string', description: 'Copy only the events after this source position (commit.prepare)' },
    encrypt: { type: 'boolean', description: "Encrypt personal fields stored in plain text under each user's data key" },
  },
  positionals: { min: 2, max: 2, name: 'store' },
});
const [fromArg, toArg] = positionals as [string, string];
const [
  { SingleBar },
  { copyLog, createEventStore, eventStoreKind, formatPosition, parsePosition, START, useEmbeddedDefault },
  { readConfig },
  { personalFields },
  { dataKeysMaster },
] = await Promise.all([
  import('cli-progress'),
  import('@bt/event-store'),
  import('./config'),
  import('@bt/contracts'),
  import('@bt/platform'),
]);
const after = values.after === undefined ? START : parsePosition(values.after);
if (!after) {
  console.error(`--after takes a position like 1234.56 (got '${values.after}')`);
  process.exit(2);
}
const config = readConfig();
const embedded = [fromArg, toArg].includes('embedded')
  ? await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort })
  : undefined;
const urlOf = (arg: string) => (arg === 'embedded' ? embedded!.databaseUrl : arg);
const from = await createEventStore(urlOf(fromArg));
const keysUrl = config.databaseUrl ?? (eventStoreKind(urlOf(toArg)) === 'postgres' ? urlOf(toArg) : undefined);
if (values.encrypt && !keysUrl) {
  console.error('--encrypt into EventStoreDB needs DATABASE_URL (the Postgres that holds the keys)');
  process.exit(2);
}
const to = values.encrypt
  ? await createEventStore(urlOf(toArg), {}, { databaseUrl: keysUrl!, masterKeys: await dataKeysMaster(config), fields: personalFields })
  : await createEventStore(urlOf(toArg));
try {
  // Progress against the source's head when the copy starts: in events for Postgres (whose `prepare`
  // is a sequence taken once per event), in log bytes for EventStoreDB (whose positions are offsets).
  const head = await from.headPosition();
  const events = eventStoreKind(urlOf(fromArg)) === 'postgres';
  const measure = (p: Position) => Number((events ? p.prepare : p.commit) - (events ? after.prepare : after.commit));
  const total = Math.max(0, measure(head));
  const bar = new SingleBar({
    format: `copying [{bar}] {percentage}% | {value}/{total} ${events ? 'events' : 'log bytes'} | {done} events done | {speed} events/s | at {position}`,
    hideCursor: true,
  });
  const started = Date.now();
  bar.start(total, 0, { done: 0, speed: 0, position: formatPosition(after) });
  const result = await copyLog(
    from,
    to,
    (p) => {
      const done = p.copied + p.skipped;
      const value = measure(p.position);
      if (value > total) bar.setTotal(value); // appended while copying
      bar.update(value, {
        done,
        speed: Math.round(done / Math.max(0.001, (Date.now() - started) / 1000)),
        position: formatPosition(p.position),
      });
    },
    { after },
  );
  bar.stop();
  console.log(`copied ${result.copied} events, ${result.skipped} already there; last source position ${formatPosition(result.position)}`);
} finally {
  await from.close();
  await to.close();
  await embedded?.release();
}
