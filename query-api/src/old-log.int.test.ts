import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { START } from '@bt/event-store';
import { signToken } from '@bt/platform';
import { rebuildReadModels } from '@bt/projector';
import { startHarness, TEST_SECRET, type Harness } from './testing/harness';

/**
 * A log written by an earlier release still reads as it did (issue 11, "Events stay as they are").
 * The fixture (`testing/fixtures/<release>.ndjson`) holds every event the release wrote while
 * `npm run fixture:old-log` drove it over HTTP; `<release>.expected.json` holds every read answer
 * it gave then, and its clock. Here the events are appended unchanged (ids, streams, revisions,
 * types, data, metadata) to a fresh store, projected live and rebuilt, and every answer must be
 * the same, with "today" pinned to the fixture's clock (the 30-day windows and goals' days left
 * count from it). Fixtures are never regenerated: a new release adds its own.
 */
const RELEASES = ['release-2026-11-23'];

interface Line {
  id: string;
  streamId: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: { occurredAt: string; commandId: string; schemaVersion: number };
}
interface Expected {
  clock: string;
  users: { email: string; answers: Record<string, unknown> }[];
}

const fixture = (name: string) => new URL(`./testing/fixtures/${name}`, import.meta.url);

for (const release of RELEASES) {
  describe(`a log written by ${release}`, () => {
    const log: Line[] = readFileSync(fixture(`${release}.ndjson`), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Line);
    const expected = JSON.parse(readFileSync(fixture(`${release}.expected.json`), 'utf8')) as Expected;
    const userIdOf = (answers: Record<string, unknown>) => (answers['/api/auth/me'] as { id: string }).id;
    let h: Harness;

    before(async function () {
      this.timeout(120_000);
      h = await startHarness({ clock: () => new Date(expected.clock) });
      // Runs of one stream in one append, at the revisions the release gave them.
      for (let i = 0; i < log.length;) {
        let j = i + 1;
        while (j < log.length && log[j].streamId === log[i].streamId) j++;
        const first = BigInt(log[i].revision);
        const run = log.slice(i, j).map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
        await h.store.append(log[i].streamId, run, first === 0n ? 'no_stream' : first - 1n);
        i = j;
      }
      await h.settle();
    });
    after(() => h?.close());

    // A session of the user's current generation: every user of the fixture logged out of all devices.
    const tokenOf = (userId: string) => {
      const revoked = log.filter((e) => e.type === 'SessionsRevoked' && (e.data as { userId: string }).userId === userId);
      return signToken(userId, TEST_SECRET, Math.max(0, ...revoked.map((e) => (e.data as { generation: number }).generation)));
    };
    const read = async (path: string, userId: string) => {
      const response = await h.get(path, null, undefined, { Authorization: `Bearer ${tokenOf(userId)}` });
      const body = await response.text();
      expect(response.status, `GET ${path}: ${body}`).to.equal(200);
      return path.endsWith('.csv') ? body : (JSON.parse(body) as unknown);
    };
    const answersNow = async (answers: Record<string, unknown>) => {
      const now: Record<string, unknown> = {};
      for (const path of Object.keys(answers)) now[path] = await read(path, userIdOf(answers));
      return now;
    };

    it('covers every event type the domain had then', () => {
      expect(new Set(log.map((e) => e.type)).size).to.equal(22);
      expect(expected.users).to.have.length(2);
    });

    it('is stored unchanged', async () => {
      const stored = [];
      for await (const page of h.store.readAllPages(START)) stored.push(...page);
      expect(
        stored.map((e) => ({
          id: e.id,
          streamId: e.streamId,
          revision: String(e.revision),
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        })),
      ).to.deep.equal(log.map(({ id, streamId, revision, type, data, metadata }) => ({ id, streamId, revision, type, data, metadata })));
    });

    it('answers every read as the release did', async () => {
      for (const user of expected.users) expect(await answersNow(user.answers), user.email).to.deep.equal(user.answers);
    });

    it("replays each user's stats and streaks as of the fixture's clock to the live answers", async () => {
      for (const user of expected.users) {
        const userId = userIdOf(user.answers);
        const asOf = encodeURIComponent(expected.clock);
        for (const [path, live] of [
          [`/api/stats?asOf=${asOf}`, user.answers['/api/stats']],
          [`/api/stats?range=all&asOf=${asOf}`, user.answers['/api/stats?range=all']],
          [`/api/stats/streaks?asOf=${asOf}`, user.answers['/api/stats/streaks']],
        ] as const) {
          expect(await read(path, userId), `${user.email} ${path}`).to.deep.equal(live);
        }
      }
    });

    it('answers every read as the release did after a rebuild of the read models', async function () {
      this.timeout(120_000);
      const result = await rebuildReadModels({ store: h.store, databaseUrl: h.database.url, fresh: true, log: () => undefined });
      expect(result.events).to.equal(log.length);
      expect(result.setAside).to.equal(0);
      for (const user of expected.users) expect(await answersNow(user.answers), user.email).to.deep.equal(user.answers);
    });
  });
}
