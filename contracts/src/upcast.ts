import { dayOf } from './domain/dates';
import { latestLegDate } from './domain/parlay';

/** What the upcaster needs of a stored event (the event store's RecordedEvent has these fields). */
export interface UpcastableEvent {
  type: string;
  data: unknown;
  metadata?: { schemaVersion?: unknown; occurredAt?: unknown } | null;
  recordedAt: string;
}

const versionOf = (event: UpcastableEvent): number => {
  const version = Number(event.metadata?.schemaVersion ?? 1);
  return Number.isFinite(version) ? version : 1;
};

/** The UTC day the event was recorded: metadata.occurredAt, else recordedAt. */
const entryDay = (event: UpcastableEvent): string | undefined => {
  const at = typeof event.metadata?.occurredAt === 'string' ? event.metadata.occurredAt : event.recordedAt;
  const time = Date.parse(at);
  return Number.isNaN(time) ? undefined : dayOf(new Date(time));
};

type Fields = Record<string, unknown>;
type Leg = { date?: string };

/** What version 3 added to bets and parlays, as events before it read: nothing of it was recorded. */
const WAGER_TERMS_BEFORE_V3 = { book: null, tags: [], bonusBet: false, unitSize: null };
const BET_TERMS_BEFORE_V3 = { ...WAGER_TERMS_BEFORE_V3, league: null, closingOdds: null };
const LEG_TERMS_BEFORE_V3 = { league: null, closingOdds: null };
const legsBeforeV3 = (legs: unknown): unknown =>
  Array.isArray(legs) ? legs.map((leg: unknown) => (leg && typeof leg === 'object' ? { ...LEG_TERMS_BEFORE_V3, ...leg } : leg)) : legs;

/**
 * Reads a stored event in the current schema (EVENT_SCHEMA_VERSION). The one place old event
 * versions are translated: every reader that folds events (projector, asOf replay, the change log,
 * the command side's aggregates) reads them through here. Nothing stored is ever rewritten; the
 * same event always reads the same way, so read models stay rebuildable from the log.
 *
 * Version 1 -> 2, parlays (`dateSet`, DESIGN "A parlay's date is its latest leg's date unless the
 * bettor sets one"):
 * - ParlayCreated v1 was dated by the server's "today" whenever the body had no date. A v1 date
 *   equal to the day the event was recorded (metadata.occurredAt's UTC day, else recordedAt's) is
 *   therefore taken as that default: the parlay is re-dated to its latest leg's date and the date is
 *   derived (`dateSet: false`, so it follows later leg changes). A v1 date that differs from the
 *   entry day can only have been chosen by the client: it is kept (`dateSet: true`).
 * - ParlayAmended v1 recorded a date only when the client sent a different one: a date in its
 *   changes was chosen (`dateSet: true`). Legs changed without a date move a derived date (see
 *   contracts' amendedParlayDating).
 * Version 2 -> 3: see toVersion3. Version 3 -> 4: see toVersion4. Version 4 -> 5: see toVersion5. 5 -> 6: toVersion6.
 * Version 6 -> 7 (the transparency log's `commitmentSalt`) has nothing to translate: an event without a salt reads as
 * none, and gets no leaf.
 * Returns the event itself when nothing changes, else a copy with new data.
 */
export const upcastEvent = <E extends UpcastableEvent>(event: E): E => {
  if (event.data === null || typeof event.data !== 'object') return event;
  const version = versionOf(event);
  const v2 = version >= 2 ? event : toVersion2(event);
  const v3 = version >= 3 ? v2 : toVersion3(v2);
  const v4 = version >= 4 ? v3 : toVersion4(v3);
  const v5 = version >= 5 ? v4 : toVersion5(v4);
  return version >= 6 ? v5 : toVersion6(v5);
};

const legsBeforeV5 = (legs: unknown): unknown =>
  Array.isArray(legs) ? legs.map((leg: unknown) => (leg && typeof leg === 'object' ? { startsAt: null, ...leg } : leg)) : legs;

/**
 * Version 4 -> 5 (start times): no bet or leg recorded before it had one, so each reads with
 * `startsAt: null`. A BetAmended before it never changed one: it reads as it was.
 */
const toVersion5 = <E extends UpcastableEvent>(event: E): E => {
  const data = event.data as Fields;
  switch (event.type) {
    case 'BetPlaced':
      return { ...event, data: { startsAt: null, ...data } };
    case 'ParlayCreated':
      return { ...event, data: { ...data, legs: legsBeforeV5(data.legs) } };
    case 'ParlayAmended': {
      const changes = data.changes as Fields | undefined;
      if (!changes || changes.legs === undefined) return event;
      return { ...event, data: { ...data, changes: { ...changes, legs: legsBeforeV5(changes.legs) } } };
    }
    default:
      return event;
  }
};

/** Version 5 -> 6 (the bankroll ledger): deposits and withdrawals before it were recorded without a note. */
const toVersion6 = <E extends UpcastableEvent>(event: E): E =>
  event.type === 'FundsAdded' || event.type === 'FundsWithdrawn' ? { ...event, data: { note: null, ...(event.data as Fields) } } : event;

/**
 * Version 3 -> 4 (imported parlays priced at their file's total odds): every parlay before it was
 * priced from its legs, so it reads with no total odds of its own.
 */
const toVersion4 = <E extends UpcastableEvent>(event: E): E =>
  event.type === 'ParlayCreated' ? { ...event, data: { totalOdds: null, ...(event.data as Fields) } } : event;

const toVersion2 = <E extends UpcastableEvent>(event: E): E => {
  const data = event.data as Fields;
  switch (event.type) {
    case 'ParlayCreated': {
      if (data.dateSet !== undefined || typeof data.date !== 'string') return event;
      const legs = Array.isArray(data.legs) ? (data.legs as Leg[]) : [];
      const derived = data.date === entryDay(event);
      const date = derived ? (latestLegDate(legs) ?? data.date) : data.date;
      return { ...event, data: { ...data, date, dateSet: !derived } };
    }
    case 'ParlayAmended': {
      const changes = data.changes as Fields | undefined;
      if (!changes || changes.date === undefined || changes.dateSet !== undefined) return event;
      return { ...event, data: { ...data, changes: { ...changes, dateSet: true } } };
    }
    default:
      return event;
  }
};

/**
 * Version 2 -> 3 (books, leagues, tags, closing odds, bonus bets, units, cash-outs): nothing of them
 * was recorded before, so a bet or parlay reads with no book, league, tags or close, not a bonus
 * bet, no unit size; a settlement with no cash-out amount. Odds before version 3 are all American,
 * which every reader still reads.
 */
const toVersion3 = <E extends UpcastableEvent>(event: E): E => {
  const data = event.data as Fields;
  switch (event.type) {
    case 'BetPlaced':
      return { ...event, data: { ...BET_TERMS_BEFORE_V3, ...data } };
    case 'ParlayCreated':
      return { ...event, data: { ...WAGER_TERMS_BEFORE_V3, ...data, legs: legsBeforeV3(data.legs) } };
    case 'ParlayAmended': {
      const changes = data.changes as Fields | undefined;
      if (!changes || changes.legs === undefined) return event;
      return { ...event, data: { ...data, changes: { ...changes, legs: legsBeforeV3(changes.legs) } } };
    }
    case 'BetSettled':
    case 'ParlaySettled':
      return { ...event, data: { cashOutAmount: null, ...data } };
    default:
      return event;
  }
};
