import { SingleBar } from 'cli-progress';
import { copyLog, createEventStore, formatPosition, parsePosition, START, useEmbeddedDefault } from '@bt/event-store';
import { readConfig } from './config';

/**
 * `npm run log:copy -- <from> <to> [--after commit.prepare]`: copies the whole event log from one
 * store to another (Postgres <-> EventStoreDB), keeping streams, revisions, event ids and metadata.
 * `embedded` names the embedded default (`.data/`). Safe to re-run after an interruption: events
 * the target already has are skipped. Point the services at the new store afterwards and rebuild
 * the read models (`npm run projections:rebuild -- --fresh`).
 */
const [fromArg, toArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const afterIndex = process.argv.indexOf('--after');
if (!fromArg || !toArg) {
  console.error('usage: npm run log:copy -- <from-url|embedded> <to-url|embedded> [--after commit.prepare]');
  process.exit(2);
}
const config = readConfig();
const embedded = [fromArg, toArg].includes('embedded')
  ? await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort })
  : undefined;
const urlOf = (arg: string) => (arg === 'embedded' ? embedded!.databaseUrl : arg);
const from = await createEventStore(urlOf(fromArg));
const to = await createEventStore(urlOf(toArg));
try {
  const after = afterIndex > 0 ? parsePosition(process.argv[afterIndex + 1] ?? '') : START;
  if (!after) throw new Error('--after takes a position like 1234.56');
  const bar = new SingleBar({ format: 'copying [{bar}] {value} events | {speed} events/s | at {position}', hideCursor: true });
  const started = Date.now();
  bar.start(0, 0, { speed: 0, position: formatPosition(after) });
  const result = await copyLog(
    from,
    to,
    (p) => {
      bar.setTotal(p.copied + p.skipped);
      bar.update(p.copied + p.skipped, {
        speed: Math.round((p.copied + p.skipped) / Math.max(0.001, (Date.now() - started) / 1000)),
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
