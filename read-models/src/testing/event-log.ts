import { randomUUID } from 'node:crypto';
import {
  EVENT_SCHEMA_VERSION,
  parseEvent,
  streams,
  type EventData,
  type EventType,
  type OddsFormat,
  type Outcome,
  type ParlayLeg,
} from '@bt/contracts';
import type { RecordedEvent } from '@bt/event-store';

/** Positions shared by every log in a process, so several users' events interleave in one order. */
let prepare = 0n;

type Data<T extends EventType> = Omit<EventData<T>, 'userId'>;
type BetFields = Data<'BetPlaced'>;

/**
 * Builds one user's recorded events for given/when/then tests: each call appends an event (with
 * the right stream, revision and a position after every earlier one, validated by contracts) and
 * returns the id it concerns. `at` moves the clock (occurredAt) for the following events.
 */
export class EventLog {
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, bigint>();
  private clock = Date.parse('2025-03-01T12:00:00.000Z');
  private schemaVersion = EVENT_SCHEMA_VERSION;

  constructor(readonly userId: string = randomUUID()) {}

  at(instant: string): this {
    this.clock = Date.parse(instant);
    return this;
  }

  /** Writes the following events with this metadata.schemaVersion (old events, for upcasting tests). */
  version(schemaVersion: number): this {
    this.schemaVersion = schemaVersion;
    return this;
  }

  append<T extends EventType>(streamId: string, type: T, data: Data<T>): RecordedEvent {
    const full = { ...data, userId: this.userId } as unknown as EventData<T>;
    parseEvent(type, full); // the projection only ever sees valid events
    const revision = this.revisions.has(streamId) ? this.revisions.get(streamId)! + 1n : 0n;
    this.revisions.set(streamId, revision);
    prepare += 1n;
    const occurredAt = new Date(this.clock).toISOString();
    this.clock += 1000;
    const event: RecordedEvent = {
      id: randomUUID(),
      streamId,
      revision,
      position: { commit: prepare, prepare },
      type,
      data: full,
      metadata: { occurredAt, commandId: randomUUID(), schemaVersion: this.schemaVersion },
      recordedAt: occurredAt,
    };
    this.events.push(event);
    return event;
  }

  register(email = `${this.userId}@example.com`, username: string | null = null): this {
    this.append(streams.user(this.userId), 'UserRegistered', { email, username, passwordHash: 'hash' });
    return this;
  }

  changeEmail(email: string, previousEmail: string): this {
    this.append(streams.user(this.userId), 'EmailChanged', { email, previousEmail });
    return this;
  }

  chooseOddsFormat(oddsFormat: OddsFormat): this {
    this.append(streams.user(this.userId), 'OddsFormatChosen', { oddsFormat });
    return this;
  }

  /** The unit size from now on (UnitSizeSet on the user's stream); placeBet/createParlay still take theirs in `fields`. */
  setUnitSize(unitSize: number | null): this {
    this.append(streams.user(this.userId), 'UnitSizeSet', { unitSize });
    return this;
  }

  /** The public profile's settings (PublicProfileSet): on, all sports, money, from the first bet unless given. */
  setPublicProfile(handle: string, fields: Partial<Omit<Data<'PublicProfileSet'>, 'handle'>> = {}): this {
    this.append(streams.user(this.userId), 'PublicProfileSet', {
      handle,
      enabled: true,
      sports: 'all',
      units: false,
      since: null,
      ...fields,
    });
    return this;
  }

  removePublicProfile(handle: string): this {
    this.append(streams.user(this.userId), 'PublicProfileRemoved', { handle });
    return this;
  }

  placeBet(fields: Partial<BetFields> = {}, outcome?: Outcome, cashOutAmount?: number): string {
    const betId = randomUUID();
    this.append(streams.bet(betId), 'BetPlaced', {
      betId,
      sport: 'football',
      event: 'Chiefs vs Bills',
      betType: 'moneyline',
      odds: '+100',
      stake: 100,
      notes: null,
      date: '2025-03-01',
      ...fields,
    });
    if (outcome && outcome !== 'pending') this.settleBet(betId, outcome, cashOutAmount);
    return betId;
  }

  /** Settles a bet; a cash-out carries `cashOutAmount` (written only when given, as a version 3 event does). */
  settleBet(betId: string, outcome: Outcome, cashOutAmount?: number | null): string {
    this.append(streams.bet(betId), 'BetSettled', { betId, outcome, ...(cashOutAmount === undefined ? {} : { cashOutAmount }) });
    return betId;
  }

  amendBet(betId: string, changes: Partial<BetFields>): string {
    this.append(streams.bet(betId), 'BetAmended', { betId, changes });
    return betId;
  }

  removeBet(betId: string): string {
    this.append(streams.bet(betId), 'BetRemoved', { betId });
    return betId;
  }

  restoreBet(betId: string): string {
    this.append(streams.bet(betId), 'BetRestored', { betId });
    return betId;
  }

  /** "Apply my unit size to earlier bets": BetUnitSizeApplied / ParlayUnitSizeApplied on each one's stream. */
  applyUnitSize(betIds: readonly string[], parlayIds: readonly string[], unitSize: number): this {
    for (const betId of betIds) this.append(streams.bet(betId), 'BetUnitSizeApplied', { betId, unitSize });
    for (const parlayId of parlayIds) this.append(streams.parlay(parlayId), 'ParlayUnitSizeApplied', { parlayId, unitSize });
    return this;
  }

  createParlay(legs: Partial<ParlayLeg>[], fields: Partial<Data<'ParlayCreated'>> = {}): string {
    const parlayId = randomUUID();
    this.append(streams.parlay(parlayId), 'ParlayCreated', {
      parlayId,
      name: 'Sunday special',
      stake: 50,
      notes: null,
      date: '2025-03-01',
      ...fields,
      legs: legs.map(leg),
    });
    return parlayId;
  }

  amendParlay(parlayId: string, changes: Omit<Partial<Data<'ParlayCreated'>>, 'legs'> & { legs?: Partial<ParlayLeg>[] }): string {
    const { legs, ...rest } = changes;
    this.append(streams.parlay(parlayId), 'ParlayAmended', { parlayId, changes: { ...rest, ...(legs ? { legs: legs.map(leg) } : {}) } });
    return parlayId;
  }

  settleParlay(parlayId: string, outcome: Outcome, cashOutAmount?: number | null): string {
    this.append(streams.parlay(parlayId), 'ParlaySettled', {
      parlayId,
      outcome,
      ...(cashOutAmount === undefined ? {} : { cashOutAmount }),
    });
    return parlayId;
  }

  removeParlay(parlayId: string): string {
    this.append(streams.parlay(parlayId), 'ParlayRemoved', { parlayId });
    return parlayId;
  }

  restoreParlay(parlayId: string): string {
    this.append(streams.parlay(parlayId), 'ParlayRestored', { parlayId });
    return parlayId;
  }

  addFunds(amount: number, note?: string): this {
    this.append(streams.bankroll(this.userId), 'FundsAdded', { amount, ...(note === undefined ? {} : { note }) });
    return this;
  }

  withdraw(amount: number, note?: string): this {
    this.append(streams.bankroll(this.userId), 'FundsWithdrawn', { amount, ...(note === undefined ? {} : { note }) });
    return this;
  }

  /** "My counted balance is `countedBalance`", `difference` away from the balance as it stood. */
  adjustBankroll(countedBalance: number, difference: number, note: string | null = null): this {
    this.append(streams.bankroll(this.userId), 'BankrollAdjusted', { countedBalance, difference, note });
    return this;
  }

  /** Undoes the bankroll entry at `entryRevision` of the bankroll stream. */
  undoBankrollEntry(entryRevision: number): this {
    this.append(streams.bankroll(this.userId), 'BankrollEntryUndone', { entryRevision });
    return this;
  }

  setGoal(fields: Partial<Data<'GoalSet'>> = {}): string {
    const goalId = randomUUID();
    this.append(streams.goal(goalId), 'GoalSet', {
      goalId,
      title: 'Make 500',
      targetAmount: 500,
      timeframe: 'monthly',
      startDate: '2025-03-01',
      endDate: '2025-04-01',
      description: null,
      paused: false,
      ...fields,
    });
    return goalId;
  }

  reviseGoal(goalId: string, changes: Data<'GoalRevised'>['changes']): string {
    this.append(streams.goal(goalId), 'GoalRevised', { goalId, changes });
    return goalId;
  }

  removeGoal(goalId: string): string {
    this.append(streams.goal(goalId), 'GoalRemoved', { goalId });
    return goalId;
  }

  restoreGoal(goalId: string): string {
    this.append(streams.goal(goalId), 'GoalRestored', { goalId });
    return goalId;
  }

  writeJournal(fields: Partial<Data<'JournalWritten'>> = {}): string {
    const entryId = randomUUID();
    this.append(streams.journal(entryId), 'JournalWritten', {
      entryId,
      title: 'Reflection',
      content: 'Stayed disciplined.',
      type: 'daily',
      mood: 'neutral',
      tags: [],
      date: '2025-03-01',
      ...fields,
    });
    return entryId;
  }

  reviseJournal(entryId: string, changes: Data<'JournalRevised'>['changes']): string {
    this.append(streams.journal(entryId), 'JournalRevised', { entryId, changes });
    return entryId;
  }

  eraseJournal(entryId: string): string {
    this.append(streams.journal(entryId), 'JournalErased', { entryId });
    return entryId;
  }

  restoreJournal(entryId: string): string {
    this.append(streams.journal(entryId), 'JournalRestored', { entryId });
    return entryId;
  }
}

const leg = (l: Partial<ParlayLeg>): ParlayLeg => ({
  sport: 'basketball',
  event: 'Lakers vs Celtics',
  selection: 'Lakers',
  odds: '+100',
  date: '2025-03-01',
  outcome: 'pending',
  ...l,
});
