import { z } from 'zod';
import { betType, goalTimeframe, id, storedDate, journalType, legOutcome, mood, odds, oddsFormat, outcome, sport } from './fields';

/**
 * Schema version written into every event's metadata. Bump per event when its meaning grows; older
 * events are read through `upcastEvent` (./upcast.ts). 2: ParlayCreated/ParlayAmended carry `dateSet`.
 * 3: odds in any format (stored as typed); bets, parlays and legs carry book, league, tags, closing
 * odds, bonus bet and the unit size at placement; BetSettled/ParlaySettled a cash-out's amount.
 * 4: an imported parlay (another tracker's, whose legs carry no prices) keeps the file's total odds
 * (ParlayCreated `totalOdds`) and legs with `odds: null`.
 * 5: bets and parlay legs carry `startsAt`, their event's start time (null: none given).
 * 6: FundsAdded/FundsWithdrawn carry a `note` (the bankroll ledger).
 * 7: BetPlaced, BetAmended, ParlayCreated and ParlayAmended carry `commitmentSalt`, the salt of their
 * transparency-log commitment (contracts' transparency/commitment.ts); absent on imported ones and before.
 */
export const EVENT_SCHEMA_VERSION = 7;

/** When the event of a bet or leg starts, as typed (ISO 8601 with its offset); since version 5 (upcast: null). */
const storedStartsAt = z.string().nullable().optional();

/** A bankroll entry's note: since version 6 (upcast: null). */
const fundsNote = z.string().max(200).nullable().optional();

/** Odds as stored: any format, as typed (American in its canonical form); never re-read into another format. */
const storedOdds = odds;

export const parlayLeg = z.object({
  sport,
  event: z.string(),
  selection: z.string(),
  /** Null only on an imported parlay's legs (since version 4): the file gave the parlay's total odds only. */
  odds: storedOdds.nullable(),
  date: storedDate,
  outcome: legOutcome,
  /** Since version 3 (upcast: null). */
  league: z.string().nullable().optional(),
  /** Since version 3 (upcast: null): the price at close, any format. */
  closingOdds: storedOdds.nullable().optional(),
  startsAt: storedStartsAt,
});
export type ParlayLeg = z.infer<typeof parlayLeg>;

/**
 * What bets and parlays gained in version 3. Optional in the schema (so every stored event stays
 * valid); `upcastEvent` fills them on events written before, so readers always see them.
 */
const wagerTerms = {
  book: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  bonusBet: z.boolean().optional(),
  /** The user's unit size when the bet was placed (UnitSizeSet); null when none was set. Never amended. */
  unitSize: z.number().positive().nullable().optional(),
};

const betFields = z.object({
  sport,
  event: z.string(),
  betType,
  odds: storedOdds,
  stake: z.number().positive(),
  notes: z.string().nullable(),
  date: storedDate,
  league: z.string().nullable().optional(),
  closingOdds: storedOdds.nullable().optional(),
  startsAt: storedStartsAt,
  ...wagerTerms,
});
const parlayFields = z.object({
  ...wagerTerms,
  name: z.string(),
  stake: z.number().positive(),
  notes: z.string().nullable(),
  /** The parlay's day: the one the bettor set, else its latest leg's (DESIGN "A parlay's date"). */
  date: storedDate,
  /**
   * Since schema version 2: true when the bettor chose `date`, false when it is the latest leg's
   * date (and so moves with the legs). Version 1 events get it from `upcastEvent`; absent reads as true.
   */
  dateSet: z.boolean().optional(),
  legs: z.array(parlayLeg),
  /**
   * Since version 4 (upcast: null): the total odds of an imported parlay whose legs carry no prices
   * (any format, as the file gave them); it prices the parlay. Null for every parlay built from priced legs.
   */
  totalOdds: storedOdds.nullable().optional(),
});
const goalFields = z.object({
  title: z.string(),
  targetAmount: z.number().positive(),
  timeframe: goalTimeframe,
  startDate: storedDate,
  endDate: storedDate,
  description: z.string().nullable(),
  paused: z.boolean(),
});
const journalFields = z.object({
  title: z.string(),
  content: z.string(),
  type: journalType,
  mood,
  tags: z.array(z.string()),
  date: storedDate,
});

/**
 * Since version 5 (absent before: none): 32 random bytes, hex, drawn by command-api when the command was
 * handled; the transparency log's leaf for this event is computed from it (null: no leaf).
 */
const commitment = {
  commitmentSalt: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .optional(),
};

/**
 * Every event of the domain, by type: its data schema. Each carries `userId`. Stored events are
 * never changed in meaning; new facts get new types.
 */
export const eventSchemas = {
  UserRegistered: z.object({ userId: id, email: z.string(), username: z.string().nullable(), passwordHash: z.string() }),
  /** On `email-{sha256(lower(email))}`: the address is taken by this user. */
  EmailReserved: z.object({ userId: id, email: z.string() }),
  /** On `email-{…}`: the address is free again (after a change of e-mail). */
  EmailReleased: z.object({ userId: id, email: z.string() }),
  EmailChanged: z.object({ userId: id, email: z.string(), previousEmail: z.string() }),
  PasswordChanged: z.object({ userId: id, passwordHash: z.string() }),
  /**
   * On `user-{id}`: every session token of the user signed with a generation below `generation`
   * is revoked (after a change of password or e-mail, or "Log out of all devices"). Generations
   * count up from 0 (a new account's, and that of tokens without one).
   */
  SessionsRevoked: z.object({
    userId: id,
    generation: z.number().int().positive(),
    reason: z.enum(['passwordChanged', 'emailChanged', 'logoutAll']),
  }),
  /** On `user-{id}` (Settings, Preferences): how the web app shows prices. */
  OddsFormatChosen: z.object({ userId: id, oddsFormat }),
  /**
   * On `user-{id}`: the public profile's settings as now (a PUT /api/profile that changes them).
   * `enabled` false takes the page down; the handle stays the user's.
   */
  PublicProfileSet: z.object({
    userId: id,
    handle: z.string(),
    enabled: z.boolean(),
    sports: z.union([z.literal('all'), z.array(z.string())]),
    units: z.boolean(),
    since: storedDate.nullable(),
  }),
  /** On `user-{id}`: the public profile is gone (its handle released). */
  PublicProfileRemoved: z.object({ userId: id, handle: z.string() }),
  /** On `handle-{handle}`: the handle is this user's. */
  HandleReserved: z.object({ userId: id, handle: z.string() }),
  /** On `handle-{handle}`: its holder let it go; nobody else may take it before `reusableFrom`. */
  HandleReleased: z.object({ userId: id, handle: z.string(), reusableFrom: z.string() }),
  /** On `user-{id}`: the dollar size of one unit from now on (null: none). Bets keep the one they were placed with. */
  UnitSizeSet: z.object({ userId: id, unitSize: z.number().positive().nullable() }),
  /**
   * On `account-deleted-{userId}` (DELETE /api/account), the one event of the user kept after their
   * streams are erased: that an account was deleted, when, and nothing personal. The projector drops
   * every read-model row of the user on it (DESIGN "Deleting an account").
   */
  AccountDeleted: z.object({ userId: id }),

  BetPlaced: betFields.extend({ userId: id, betId: id, ...commitment }),
  BetAmended: z.object({ userId: id, betId: id, changes: betFields.partial(), ...commitment }),
  /** Since version 3 a cash-out carries `cashOutAmount` (null for every other outcome). */
  BetSettled: z.object({ userId: id, betId: id, outcome, cashOutAmount: z.number().positive().nullable().optional() }),
  BetRemoved: z.object({ userId: id, betId: id }),
  /** A removed bet comes back with the state it had when removed (its history goes on). */
  BetRestored: z.object({ userId: id, betId: id }),
  /**
   * "Apply my unit size to earlier bets" (Settings): the bet, placed without a unit size, counts in
   * units of `unitSize` from now on. One per bet, on its own stream, appended together by one command.
   */
  BetUnitSizeApplied: z.object({ userId: id, betId: id, unitSize: z.number().positive() }),

  ParlayCreated: parlayFields.extend({ userId: id, parlayId: id, ...commitment }),
  ParlayAmended: z.object({ userId: id, parlayId: id, changes: parlayFields.partial(), ...commitment }),
  ParlaySettled: z.object({ userId: id, parlayId: id, outcome, cashOutAmount: z.number().positive().nullable().optional() }),
  ParlayRemoved: z.object({ userId: id, parlayId: id }),
  /** A removed parlay comes back with its legs and the state it had when removed. */
  ParlayRestored: z.object({ userId: id, parlayId: id }),
  /** BetUnitSizeApplied for a parlay created without a unit size. */
  ParlayUnitSizeApplied: z.object({ userId: id, parlayId: id, unitSize: z.number().positive() }),

  FundsAdded: z.object({ userId: id, amount: z.number().positive(), note: fundsNote }),
  FundsWithdrawn: z.object({ userId: id, amount: z.number().positive(), note: fundsNote }),
  /**
   * On `bankroll-{userId}`: the user counted their bankroll at `countedBalance`; `difference` (never
   * 0) is what that moved the balance by (counted - the balance as it stood).
   */
  BankrollAdjusted: z.object({ userId: id, countedBalance: z.number(), difference: z.number(), note: z.string().max(200).nullable() }),
  /**
   * On `bankroll-{userId}`: the entry (FundsAdded, FundsWithdrawn or BankrollAdjusted) at stream
   * revision `entryRevision` no longer counts. The entry stays in the log and in the ledger, marked undone.
   */
  BankrollEntryUndone: z.object({ userId: id, entryRevision: z.number().int().nonnegative() }),

  GoalSet: goalFields.extend({ userId: id, goalId: id }),
  GoalRevised: z.object({ userId: id, goalId: id, changes: goalFields.partial() }),
  GoalRemoved: z.object({ userId: id, goalId: id }),
  GoalRestored: z.object({ userId: id, goalId: id }),

  JournalWritten: journalFields.extend({ userId: id, entryId: id }),
  JournalRevised: z.object({ userId: id, entryId: id, changes: journalFields.partial() }),
  JournalErased: z.object({ userId: id, entryId: id }),
  JournalRestored: z.object({ userId: id, entryId: id }),

  /**
   * On `imports-{userId}`: a CSV import begins. Every event it then appends carries the import's id
   * in its metadata (IMPORT_METADATA_KEY); none of them counts until ImportCommitted (DESIGN "Imports").
   */
  ImportStarted: z.object({ userId: id, importId: id, key: z.string().nullable(), rows: z.number().int().nonnegative() }),
  /** On `imports-{userId}`: every row of the import was appended; its events count from here, all at once. */
  ImportCommitted: z.object({
    userId: id,
    importId: id,
    imported: z.number().int().nonnegative(),
    amended: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
  }),
  /** On `imports-{userId}`: the import failed or its process died; none of its events ever counts. */
  ImportAbandoned: z.object({ userId: id, importId: id, reason: z.string() }),
  /**
   * On `imports-{userId}`: the columns a committed import read its file by (our field -> the file's
   * header), remembered for files with the same header names (`headers`: contracts' `headerSetKey`):
   * the next such file is read by them unless the request maps it. Appended with the ImportCommitted
   * of an import read otherwise than such a file would be without it (the last one for a key counts).
   */
  ImportMappingSaved: z.object({ userId: id, headers: z.string(), mapping: z.record(z.string(), z.string()) }),
} as const;

/**
 * The personal fields of each event type (DESIGN "Crypto-shredding"): stored encrypted under the
 * user's data key, so destroying the key (the account's deletion) leaves them unreadable in every
 * copy of the log. A path names a string field: `a.b` inside an object, `a[]` each string of a
 * list, `a[].b` that field of each element. Everything else (amounts, odds, dates, sports, books,
 * leagues, outcomes) stays plain: it says nothing of who the user is. The one declaration.
 */
export const PERSONAL_FIELDS: { readonly [T in EventType]?: readonly string[] } = {
  UserRegistered: ['email', 'username'],
  EmailReserved: ['email'],
  EmailReleased: ['email'],
  EmailChanged: ['email', 'previousEmail'],
  BetPlaced: ['event', 'notes', 'tags[]'],
  BetAmended: ['changes.event', 'changes.notes', 'changes.tags[]'],
  ParlayCreated: ['name', 'notes', 'tags[]', 'legs[].event', 'legs[].selection'],
  ParlayAmended: ['changes.name', 'changes.notes', 'changes.tags[]', 'changes.legs[].event', 'changes.legs[].selection'],
  GoalSet: ['title', 'description'],
  GoalRevised: ['changes.title', 'changes.description'],
  JournalWritten: ['title', 'content', 'tags[]'],
  JournalRevised: ['changes.title', 'changes.content', 'changes.tags[]'],
};

/** Metadata key naming the import an event was appended by (events of an import count only once it commits). */
export const IMPORT_METADATA_KEY = 'importId';

export type EventType = keyof typeof eventSchemas;
export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

/** A domain event: its type and data (the store adds id, stream, revision, position, metadata). */
export type DomainEvent = { [T in EventType]: { type: T; data: z.infer<(typeof eventSchemas)[T]> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type EventData<T extends EventType> = EventOf<T>['data'];

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

/** The personal fields of a stored event's type (PERSONAL_FIELDS), for the event store's crypto-shredding. */
export const personalFields = (type: string): readonly string[] | undefined => (isEventType(type) ? PERSONAL_FIELDS[type] : undefined);

/** Validates a stored or incoming event; throws a ZodError when the data does not match its type. */
export const parseEvent = (type: string, data: unknown): DomainEvent => {
  if (!isEventType(type)) throw new Error(`Unknown event type ${type}`);
  return { type, data: eventSchemas[type].parse(data) } as DomainEvent;
};

/** Stream names (DESIGN.md "Streams"). The e-mail stream's hash is computed where crypto lives. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  email: (emailHash: string) => `email-${emailHash}`,
  bet: (betId: string) => `bet-${betId}`,
  parlay: (parlayId: string) => `parlay-${parlayId}`,
  bankroll: (userId: string) => `bankroll-${userId}`,
  goal: (goalId: string) => `goal-${goalId}`,
  journal: (entryId: string) => `journal-${entryId}`,
  imports: (userId: string) => `imports-${userId}`,
  /** A public profile's handle (lower case, a-z 0-9 _ -): who holds it. */
  handle: (handle: string) => `handle-${handle}`,
  /** The deleted account's tombstone: its AccountDeleted, never erased (appended with 'no_stream'). */
  accountDeleted: (userId: string) => `account-deleted-${userId}`,
} as const;
