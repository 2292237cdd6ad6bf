import { expect } from 'chai';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import { createDb } from '@bt/platform';
import { migrateCommandSchema } from './migrate';
import type { CommandDatabase } from './schema';

/** Schemas `command` and `auth` exactly as start-up created them before migrations were recorded (a `.data/` from before). */
const BEFORE_MIGRATIONS = [
  `CREATE SCHEMA IF NOT EXISTS command`,
  `CREATE TABLE IF NOT EXISTS command.idempotency (
    scope text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, state text NOT NULL DEFAULT 'pending',
    status integer, body jsonb, position text, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (scope, key))`,
  `CREATE TABLE IF NOT EXISTS command.rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
  `CREATE SCHEMA IF NOT EXISTS auth`,
  `CREATE TABLE IF NOT EXISTS auth.sessions (user_id uuid PRIMARY KEY, generation integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  `INSERT INTO command.idempotency (scope, key, fingerprint, state, status) VALUES ('u', 'k', 'f', 'done', 201)`,
  `INSERT INTO command.rate_limits (key, points) VALUES ('login:a@b.c', 3)`,
  `INSERT INTO auth.sessions (user_id, generation) VALUES ('0190a7c1-0000-7000-8000-000000000001', 2)`,
];

describe('command and auth schema migrations', () => {
  let database: TestDatabase;
  let handle: ReturnType<typeof createDb<CommandDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase();
    handle = createDb<CommandDatabase>(database.url);
  });
  afterEach(async () => {
    await handle.db.destroy();
    await database.drop();
  });

  const recorded = async (schema: string) =>
    (await sql<{ name: string }>`SELECT name FROM ${sql.id(schema, 'kysely_migration')} ORDER BY name`.execute(handle.db)).rows.map(
      (r) => r.name,
    );

  it('records their dated migrations on a fresh database, and a second start runs none again', async () => {
    await migrateCommandSchema(handle.db);
    await Promise.all([migrateCommandSchema(handle.db), migrateCommandSchema(handle.db)]);
    expect(await recorded('command')).to.deep.equal([
      '2026-11-23-001-command-schema',
      '2026-11-27-002-idempotency-route',
      '2026-11-28-003-imports',
      '2026-11-28-004-password-resets',
      '2026-11-28-005-idempotency-owner',
    ]);
    expect(await recorded('auth')).to.deep.equal(['2026-11-23-001-auth-sessions']);
  });

  it('take over schemas from before migrations were recorded: their rows stay, and the first migrations are recorded', async () => {
    for (const statement of BEFORE_MIGRATIONS) await sql.raw(statement).execute(handle.db);
    await migrateCommandSchema(handle.db);
    const { rows: idempotency } = await sql<{ key: string; status: number; route: string | null }>`
      SELECT key, status, route FROM command.idempotency`.execute(handle.db);
    const { rows: limits } = await sql<{ key: string; points: number }>`SELECT key, points FROM command.rate_limits`.execute(handle.db);
    const { rows: sessions } = await sql<{ generation: number }>`SELECT generation FROM auth.sessions`.execute(handle.db);
    expect(idempotency).to.deep.equal([{ key: 'k', status: 201, route: null }]); // a record from before names no route
    expect(limits).to.deep.equal([{ key: 'login:a@b.c', points: 3 }]);
    expect(sessions).to.deep.equal([{ generation: 2 }]);
    expect(await recorded('command')).to.deep.equal([
      '2026-11-23-001-command-schema',
      '2026-11-27-002-idempotency-route',
      '2026-11-28-003-imports',
      '2026-11-28-004-password-resets',
      '2026-11-28-005-idempotency-owner',
    ]);
    expect(await recorded('auth')).to.deep.equal(['2026-11-23-001-auth-sessions']);
  });
});
