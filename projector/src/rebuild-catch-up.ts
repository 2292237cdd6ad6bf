import type { Kysely } from 'kysely';
import { formatPosition, START, type EventStore, type Position } from '@bt/event-store';
import {
  type Database,
  eraseUsers,
  READ_MODEL_VERSIONS,
  recordVersions,
  SHADOW_SCHEMA,
  type Snapshots,
  writeSnapshots,
} from '@bt/read-models';
import { lockReadModels, writeChanges, writeUsers } from './db/writer';
import type { ProjectionEngine } from './engine/projection-engine';
import { writeHoldChanges } from './imports/holds';
import { restoreBeforeFailure } from './restore';
import { loadFrom, refusals, releaseAll } from './rebuild-fold';
import { swapShadowIn } from './rebuild-shadow';

/** What the catch-up folds on from: the fold's engine and snapshots, and where it stopped. */
export interface CatchUp {
  db: Kysely<Database>;
  store: EventStore;
  engine: ProjectionEngine;
  snapshots: Snapshots;
  from: Position;
  pageSize: number;
  log: (line: string) => void;
}

/**
 * Caught up: in one transaction under the lock every live write takes, folds the events that came
 * since the fold, writes them, releases the imports they ended, restores set-aside users to before
 * their failure, and swaps the shadow in (swapShadowIn). Answers the position the new read models
 * start from, the events it folded, and how many users are set aside in them.
 */
export async function catchUpAndSwap(run: CatchUp): Promise<{ position: Position; events: number; setAside: number }> {
  const { db, store, engine, snapshots } = run;
  const { report, setAside, withRefused } = refusals(engine, snapshots, run.log);
  let position = run.from;
  let events = 0;
  let setAsideCount = 0;
  await db.transaction().execute(async (trx) => {
    await lockReadModels(trx);
    for await (const read of store.readAllPages(position, run.pageSize)) {
      const page = engine.erasures.screen(read);
      await snapshots.load(trx, SHADOW_SCHEMA, page);
      await engine.apply(page, loadFrom(trx));
      snapshots.observe(page, (id) => engine.snapshotState(id));
      position = read[read.length - 1].position;
      events += read.length;
    }
    const last = engine.takeChangesByUser();
    const refused = setAside(await writeUsers(trx, SHADOW_SCHEMA, last.users));
    report([...last.rest.projection_failures.upserts, ...refused.map((r) => r.failure)]);
    await writeChanges(trx, SHADOW_SCHEMA, withRefused(last.rest, refused));
    await writeHoldChanges(trx, SHADOW_SCHEMA, engine.takeHoldChanges());
    const caughtUp = formatPosition(position);
    await releaseAll(trx, store, (work) => work(trx, caughtUp));
    await writeSnapshots(trx, SHADOW_SCHEMA, snapshots.take());
    // Accounts deleted while the fold ran may have had rows written before their AccountDeleted.
    await eraseUsers(trx, SHADOW_SCHEMA, engine.erasures.all());
    // Set-aside users keep the fold of their events before the failure, as the live projector leaves them.
    const failures = await trx.withSchema(SHADOW_SCHEMA).selectFrom('projection_failures').selectAll().execute();
    for (const failure of failures) await restoreBeforeFailure(trx, store, SHADOW_SCHEMA, failure);
    setAsideCount = failures.length;
    await recordVersions(trx, SHADOW_SCHEMA, READ_MODEL_VERSIONS); // every read model built by this code
    await swapShadowIn(trx, position === START ? undefined : formatPosition(position));
  });
  return { position, events, setAside: setAsideCount };
}
