import type { Kysely } from 'kysely';
import type { WithoutUnitSize } from '@bt/read-models';
import type { EventStore } from '@bt/event-store';
import type { SessionRegistry } from '@bt/platform';
import type { UnitSizes } from '../settings/unit-sizes';
import type { ImportSlots } from '../imports/import-slots';
import type { ImportPlanner } from '../imports/plan-threads';
import type { CommandDatabase } from '../db/schema';
import type { PasswordHasher } from './passwords';
import type { WritesInFlight } from './writes-in-flight';

/** What every feature's routes receive (built once by createCommandApi). */
export interface Services {
  store: EventStore;
  /** Command-side bookkeeping (schema `command`); also reads `read.bankroll` for withdrawals. */
  db: Kysely<CommandDatabase>;
  jwtSecret: string;
  clock: () => Date;
  newId: () => string;
  passwords: PasswordHasher;
  /** Session generations (auth.sessions): revocations are written here before their event is appended. */
  sessions: SessionRegistry;
  /** The unit size each user's new bets record, kept per process (UnitSizes). */
  unitSizes: UnitSizes;
  /** One import at a time per user, a few in all (imports/import-slots.ts). */
  imports: ImportSlots;
  /** Where an import's pass 1 (reading and checking the whole file) runs (imports/plan-threads.ts). */
  planner: ImportPlanner;
  /** Each user's signed-in requests running in this process (an account's deletion waits for them). */
  writes: WritesInFlight;
  /** Settled profit of a user's bets per the read model; undefined when unknown (no read model). */
  settledProfit: (userId: string) => Promise<number | undefined>;
  /** The user's bets and parlays without a unit size per the read model: the candidates of "apply my unit size". */
  withoutUnitSize: (userId: string) => Promise<WithoutUnitSize[]>;
}
