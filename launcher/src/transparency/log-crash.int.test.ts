import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { sql } from 'kysely';
import { fromHex, openCheckpoint, verifyConsistency, verifyInclusion, verifyProfile, type ProfileDocument } from '@bt/contracts';
import { createLogReader, logTables } from '@bt/query-api';
import { createDb } from '@bt/platform';
import { unusedPort } from '@bt/event-store/testing';
import { productProcess } from '../testing/product-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The transparency log across a SIGKILL of the whole product (its Postgres too): every bet the API
 * acknowledged has its leaf once it is up again, and the tree then is consistent with every
 * checkpoint signed before; a stored commitment edited, two leaves reordered or a field altered
 * fail verification, naming the bet.
 */
describe('the transparency log killed while bets arrive (real process group, embedded Postgres)', function () {
  this.timeout(600_000);
  let dataDir: string;
  let pgPort: number;
  let product: ReturnType<typeof productProcess> | undefined;
  const start = async () => ({ url: await product!.start() });
  const kill = async () => product?.kill();
  const database = () =>
    createDb(`postgres://postgres:${readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim()}@127.0.0.1:${pgPort}/bettracker`, 2).db;

  before(async () => {
    pgPort = await unusedPort();
    dataDir = mkdtempSync(join(tmpdir(), 'bt-log-crash-'));
    chmodSync(dataDir, 0o755); // Postgres runs as its own OS user when we are root
    product = productProcess(dataDir, pgPort, { TRANSPARENCY_SIGN_EVERY_MS: '150' });
  });
  after(async () => {
    await kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged bet and stays consistent with every checkpoint signed before the kill', async () => {
    const { url } = await start();
    const { origin, key } = (await (await fetch(`${url}/api/log/key`)).json()) as { origin: string; key: string };
    const registered = await fetch(
      `${url}/api/auth/register`,
      json({ email: 'log@example.com', password: 'log-password-1', username: 'log' }),
    );
    const { token } = (await registered.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const acknowledged: string[] = [];
    const seen = new Map<number, string>();
    let placing = true;
    const placer = (async () => {
      for (let i = 0; placing; i++) {
        const body = { sport: 'hockey', event: `Game ${i}`, betType: 'moneyline', odds: '+120', stake: 10, outcome: 'pending' };
        const answer = await fetch(`${url}/api/bets`, { ...json(body), headers: { ...auth, 'Content-Type': 'application/json' } }).catch(
          () => undefined,
        );
        if (answer?.status === 201) acknowledged.push(((await answer.json()) as { id: string }).id);
      }
    })();
    while (seen.size < 4) {
      const answer = await fetch(`${url}/api/log/checkpoint`);
      if (answer.status === 200) {
        const note = await answer.text();
        const opened = await openCheckpoint(note, key, origin);
        if ('failure' in opened) throw new Error(opened.failure);
        seen.set(opened.size, note);
      }
      await sleep(100);
    }
    await kill();
    placing = false;
    await placer;
    expect(acknowledged.length).to.be.greaterThan(0);

    const { url: again } = await start();
    const db = database();
    try {
      const log = logTables(db);
      let latest: { size: number; note: string } | undefined;
      for (let i = 0; i < 300 && !latest; i++) {
        const leaves = await log.selectFrom('leaves').select(['pick_id']).execute();
        const logged = new Set(leaves.map((leaf) => leaf.pick_id));
        const note = await (await fetch(`${again}/api/log/checkpoint`)).text();
        const opened = await openCheckpoint(note, key, origin);
        if (acknowledged.every((id) => logged.has(id)) && !('failure' in opened) && opened.size === leaves.length)
          latest = { size: opened.size, note };
        else await sleep(100);
      }
      expect(latest, 'every acknowledged bet has its leaf, under a new checkpoint').to.not.equal(undefined);
      const now = await openCheckpoint(latest!.note, key, origin);
      if ('failure' in now) throw new Error(now.failure);
      for (const [size, note] of seen) {
        const old = await openCheckpoint(note, key, origin);
        if ('failure' in old) throw new Error(old.failure);
        const { proof } = (await (await fetch(`${again}/api/log/proof/consistency?from=${size}&to=${now.size}`)).json()) as {
          proof: string[];
        };
        expect(verifyConsistency(size, now.size, proof.map(fromHex), old.root, now.root), `from ${size}`).to.equal(null);
      }
      const inclusion = (await (await fetch(`${again}/api/log/proof/inclusion?index=0&size=${now.size}`)).json()) as {
        leaf: string;
        proof: string[];
      };
      expect(verifyInclusion(0, now.size, fromHex(inclusion.leaf), inclusion.proof.map(fromHex), now.root)).to.equal(null);
      expect((await fetch(`${again}/api/log/proof/inclusion?index=0&size=${now.size + 1}`)).status).to.equal(400);
      expect((await fetch(`${again}/api/log/proof/consistency?from=x&to=1`)).status).to.equal(400);

      // Tampering: a profile of three bets verifies, then fails naming what was changed.
      const userId = (await log.selectFrom('leaves').select('user_id').executeTakeFirstOrThrow()).user_id;
      const picks = acknowledged.slice(0, 3).map((id) => ({ id }));
      const profile = async (): Promise<ProfileDocument> => {
        const { commitments, ...proof } = await createLogReader(db).proveProfile(
          userId,
          picks.map((pick) => pick.id),
          { showMoney: true },
        );
        return {
          origin,
          ...proof,
          bets: picks.map((pick, i) => ({
            id: pick.id,
            outcome: 'win',
            legOutcomes: null,
            cashOutAmount: null,
            cashOutUnits: null,
            commitments: commitments[i],
            unproven: null,
            imported: false,
          })),
        };
      };
      const verified = await verifyProfile(await profile(), key);
      expect(verified.ok, JSON.stringify(verified.bets)).to.equal(true);
      expect(verified.bets.map((bet) => bet.beforeStart)).to.deep.equal([null, null, null]); // these bets name no start
      expect(verified.figures.all).to.include({ bets: 3, wins: 3, profit: 36 });

      const failing = async () => (await verifyProfile(await profile(), key)).bets.filter((bet) => !bet.verified).map((bet) => bet.id);
      const [first, second] = await log
        .selectFrom('leaves')
        .select(['index', 'hash', 'pick_id'])
        .where('pick_id', 'in', [picks[0].id, picks[1].id])
        .orderBy('index')
        .execute();
      await log
        .updateTable('leaves')
        .set({ fields: sql`jsonb_set(fields, '{odds}', '"+500"')` })
        .where('index', '=', first.index)
        .execute();
      expect(await failing()).to.deep.equal([picks[0].id]);
      await log
        .updateTable('leaves')
        .set({ fields: sql`jsonb_set(fields, '{odds}', '"+120"')` })
        .where('index', '=', first.index)
        .execute();
      expect(await failing()).to.deep.equal([]);
      // A stored hash edited: the bet's own leaf is recomputed from its fields, so the bets whose proofs pass through it fail.
      await log
        .updateTable('leaves')
        .set({ hash: new Uint8Array(32) })
        .where('index', '=', second.index)
        .execute();
      expect(await failing()).to.not.deep.equal([]);
      await log.updateTable('leaves').set({ hash: second.hash }).where('index', '=', first.index).execute();
      await log.updateTable('leaves').set({ hash: first.hash }).where('index', '=', second.index).execute();
      expect(await failing()).to.include.members([picks[0].id, picks[1].id]);
    } finally {
      await db.destroy();
    }
  });
});
