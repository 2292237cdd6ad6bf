import {
  addDays,
  BET_TYPES,
  COMMON_BOOKS,
  EVENT_SCHEMA_VERSION,
  IMPORT_METADATA_KEY,
  LEG_OUTCOMES,
  ODDS_FORMATS,
  OUTCOMES,
  SPORTS,
  streams,
  type DomainEvent,
} from '@bt/contracts';
import type { NewEvent } from '@bt/event-store';
import { bankrollChange, deposit, newBankrollSim, type BankrollSim } from './generate-bankroll';

/** A generated event and the stream it belongs on. */
export interface GeneratedEvent {
  streamId: string;
  event: DomainEvent;
  occurredAt: string;
  /** More metadata (an import's id, IMPORT_METADATA_KEY). */
  metadata?: Record<string, unknown>;
}

/** Small deterministic PRNG (mulberry32): the same seed gives the same history. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A deterministic UUID-shaped id (v4 layout) from the PRNG. */
const uuidFrom = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** Odds in every format, as events store them (American canonical, decimal and fractional as typed). */
const ODDS = [
  '-110',
  '-105',
  '+100',
  '+120',
  '+150',
  '-150',
  '-200',
  '+250',
  '-120',
  '+175',
  '+333',
  '2.50',
  '1.91',
  '3/2',
  '10/11',
  '1.0500',
];
const LEAGUES = ['NBA', 'NFL', 'EPL', 'NHL'];
const TAGS = ['live', 'props', 'Sharp', 'tail'];
const UNIT_SIZES = [10, 25, 12.5];
const STAKES = [5, 10, 12.5, 20, 25, 33.33, 50, 100, 0.01];
const BASE_DATE = '2024-06-01';

interface UserSim {
  userId: string;
  email: string;
  bets: string[];
  parlays: { id: string; legs: number }[];
  goals: string[];
  journal: string[];
  /** What was removed, newest last: every third removal turns into a restore of the last one. */
  removed: { bets: string[]; parlays: { id: string; legs: number }[]; goals: string[]; journal: string[] };
  bankroll: BankrollSim;
  /** The unit size in effect (UnitSizeSet), written on what the user places. */
  unitSize: number | null;
  /** An import under way: its id, the rows it has still to append and the bets it placed so far. */
  importing?: { importId: string; left: number; bets: string[] };
}

/**
 * A mixed history of `users` users (about `events` events in all) using every event type: bets
 * placed (odds in every format, books, leagues, tags, closing odds, bonus bets, the unit size of
 * the moment), amended (odds, stake, date, sport, terms), settled and re-settled (void, cash-outs
 * with their amounts), removed; parlays with pushed, void and lost legs; preferences (odds formats,
 * unit sizes set and cleared); funds (deposits with notes, withdrawals, adjustments, undos); goals set, revised, paused and removed; journal entries; e-mail changes;
 * removed bets, parlays, goals and entries restored.
 * Users' events interleave as they would in a live log.
 */
export function generateHistory(options: { users: number; events: number; seed?: number; imports?: boolean }): GeneratedEvent[] {
  const random = prng(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const date = () => addDays(BASE_DATE, Math.floor(random() * 400));
  let clock = Date.parse('2025-06-01T00:00:00.000Z');
  const out: GeneratedEvent[] = [];
  const emit = (streamId: string, event: DomainEvent, metadata?: Record<string, unknown>) => {
    clock += 1 + Math.floor(random() * 2000);
    out.push({ streamId, event, occurredAt: new Date(clock).toISOString(), ...(metadata && { metadata }) });
  };
  const maybe = <T>(value: () => T, chance = 0.5): T | null => (random() < chance ? value() : null);
  const tags = () => (random() < 0.5 ? [] : [pick(TAGS), ...(random() < 0.3 ? ['extra'] : [])]);
  const leg = () => ({
    sport: pick(SPORTS),
    event: `Leg ${Math.floor(random() * 1000)}`,
    selection: 'Home',
    odds: pick(ODDS),
    date: date(),
    outcome: pick(LEG_OUTCOMES),
    league: maybe(() => pick(LEAGUES)),
    closingOdds: maybe(() => pick(ODDS), 0.7),
  });
  /** A settlement: a cash-out carries the amount it returned. */
  const settlement = () => {
    const outcome = pick(OUTCOMES);
    return { outcome, cashOutAmount: outcome === 'cashout' ? pick(STAKES) * 1.5 : null };
  };

  const sims: UserSim[] = [];
  for (let u = 0; u < options.users; u++) {
    const userId = uuidFrom(random);
    const sim: UserSim = {
      userId,
      email: `user${u}@example.com`,
      bets: [],
      parlays: [],
      goals: [],
      journal: [],
      removed: { bets: [], parlays: [], goals: [], journal: [] },
      bankroll: newBankrollSim(),
      unitSize: null,
    };
    sims.push(sim);
    emit(streams.user(userId), {
      type: 'UserRegistered',
      data: { userId, email: sim.email, username: random() < 0.5 ? `user${u}` : null, passwordHash: 'x' },
    });
  }

  /**
   * With `imports`: now and then a user imports a few bets (DESIGN "Imports"), which interleave with
   * everyone's events and their own; most imports commit, some are abandoned, some are still open
   * at the end, and an imported bet is settled like any other once its import committed.
   */
  const importStep = (sim: UserSim): boolean => {
    const { userId } = sim;
    const imports = streams.imports(userId);
    if (!sim.importing) {
      if (random() >= 0.03) return false;
      const importId = uuidFrom(random);
      sim.importing = { importId, left: 1 + Math.floor(random() * 6), bets: [] };
      emit(imports, { type: 'ImportStarted', data: { userId, importId, key: random() < 0.5 ? `key-${out.length}` : null, rows: 0 } });
      return true;
    }
    if (random() < 0.3) return false; // the user's own events go on meanwhile
    const { importId } = sim.importing;
    if (sim.importing.left > 0) {
      sim.importing.left -= 1;
      const betId = uuidFrom(random);
      sim.importing.bets.push(betId);
      const data = {
        userId,
        betId,
        sport: pick(SPORTS),
        event: `Imported ${out.length}`,
        betType: pick(BET_TYPES.slice(0, 4)),
        odds: pick(ODDS),
        stake: pick(STAKES),
        notes: null,
        date: date(),
        unitSize: sim.unitSize,
      };
      emit(streams.bet(betId), { type: 'BetPlaced', data }, { [IMPORT_METADATA_KEY]: importId });
      if (sim.bets.length > 0 && random() < 0.3) {
        // An import that amends a bet imported before.
        const amended = pick(sim.bets);
        emit(
          streams.bet(amended),
          { type: 'BetAmended', data: { userId, betId: amended, changes: { stake: pick(STAKES) } } },
          {
            [IMPORT_METADATA_KEY]: importId,
          },
        );
      }
      return true;
    }
    if (random() < 0.75) {
      const count = sim.importing.bets.length;
      emit(imports, { type: 'ImportCommitted', data: { userId, importId, imported: count, amended: 0, skipped: 0 } });
      sim.bets.push(...sim.importing.bets);
    } else {
      emit(imports, { type: 'ImportAbandoned', data: { userId, importId, reason: 'interrupted' } });
    }
    sim.importing = undefined;
    return true;
  };

  while (out.length < options.events) {
    const sim = pick(sims);
    const { userId } = sim;
    if (options.imports && importStep(sim)) continue;
    const roll = random();
    if (roll < 0.3 || sim.bets.length === 0) {
      const betId = uuidFrom(random);
      sim.bets.push(betId);
      emit(streams.bet(betId), {
        type: 'BetPlaced',
        data: {
          userId,
          betId,
          sport: pick(SPORTS),
          event: `Game ${out.length}`,
          betType: pick(BET_TYPES.slice(0, 4)),
          odds: pick(ODDS),
          stake: pick(STAKES),
          notes: random() < 0.2 ? 'note "quoted", \\ back' : null,
          date: date(),
          book: maybe(() => pick(COMMON_BOOKS)),
          league: maybe(() => pick(LEAGUES)),
          tags: tags(),
          closingOdds: maybe(() => pick(ODDS)),
          bonusBet: random() < 0.15,
          unitSize: sim.unitSize,
        },
      });
    } else if (roll < 0.55) {
      const betId = pick(sim.bets);
      emit(streams.bet(betId), { type: 'BetSettled', data: { userId, betId, ...settlement() } });
    } else if (roll < 0.63) {
      const betId = pick(sim.bets);
      const changes: Record<string, unknown> = {};
      if (random() < 0.5) changes.odds = pick(ODDS);
      if (random() < 0.4) changes.stake = pick(STAKES);
      if (random() < 0.4) changes.date = date();
      if (random() < 0.3) changes.sport = pick(SPORTS);
      if (random() < 0.2) changes.notes = random() < 0.5 ? null : 'amended';
      if (random() < 0.2) changes.book = maybe(() => pick(COMMON_BOOKS));
      if (random() < 0.2) changes.league = maybe(() => pick(LEAGUES));
      if (random() < 0.2) changes.tags = tags();
      if (random() < 0.3) changes.closingOdds = maybe(() => pick(ODDS), 0.8);
      if (random() < 0.1) changes.bonusBet = random() < 0.5;
      emit(streams.bet(betId), { type: 'BetAmended', data: { userId, betId, changes } });
    } else if (roll < 0.66) {
      if (sim.removed.bets.length > 0 && out.length % 3 === 0) {
        const betId = sim.removed.bets.pop()!;
        sim.bets.push(betId);
        emit(streams.bet(betId), { type: 'BetRestored', data: { userId, betId } });
      } else {
        const betId = sim.bets.splice(Math.floor(random() * sim.bets.length), 1)[0];
        sim.removed.bets.push(betId);
        emit(streams.bet(betId), { type: 'BetRemoved', data: { userId, betId } });
      }
    } else if (roll < 0.72 || sim.parlays.length === 0) {
      const parlayId = uuidFrom(random);
      const legs = Array.from({ length: 2 + Math.floor(random() * 3) }, leg);
      sim.parlays.push({ id: parlayId, legs: legs.length });
      emit(streams.parlay(parlayId), {
        type: 'ParlayCreated',
        data: {
          userId,
          parlayId,
          name: `Parlay ${out.length}`,
          stake: pick(STAKES),
          notes: null,
          date: date(),
          legs,
          book: maybe(() => pick(COMMON_BOOKS)),
          tags: tags(),
          bonusBet: random() < 0.15,
          unitSize: sim.unitSize,
        },
      });
    } else if (roll < 0.75) {
      const parlay = pick(sim.parlays);
      const changes =
        random() < 0.5
          ? { legs: Array.from({ length: parlay.legs }, leg) }
          : { stake: pick(STAKES), date: date(), name: 'Renamed', book: maybe(() => pick(COMMON_BOOKS)), bonusBet: random() < 0.2 };
      emit(streams.parlay(parlay.id), { type: 'ParlayAmended', data: { userId, parlayId: parlay.id, changes } });
    } else if (roll < 0.78) {
      const parlay = pick(sim.parlays);
      emit(streams.parlay(parlay.id), { type: 'ParlaySettled', data: { userId, parlayId: parlay.id, ...settlement() } });
    } else if (roll < 0.79) {
      if (sim.removed.parlays.length > 0 && out.length % 3 === 0) {
        const parlay = sim.removed.parlays.pop()!;
        sim.parlays.push(parlay);
        emit(streams.parlay(parlay.id), { type: 'ParlayRestored', data: { userId, parlayId: parlay.id } });
      } else {
        const [parlay] = sim.parlays.splice(Math.floor(random() * sim.parlays.length), 1);
        sim.removed.parlays.push(parlay);
        emit(streams.parlay(parlay.id), { type: 'ParlayRemoved', data: { userId, parlayId: parlay.id } });
      }
    } else if (roll < 0.83) {
      emit(streams.bankroll(userId), deposit(sim.bankroll, userId, pick(STAKES) * 10));
    } else if (roll < 0.84 && sim.bankroll.deposits > 10) {
      emit(streams.bankroll(userId), bankrollChange(sim.bankroll, userId));
    } else if (roll < 0.87 || sim.goals.length === 0) {
      const goalId = uuidFrom(random);
      const start = date();
      sim.goals.push(goalId);
      emit(streams.goal(goalId), {
        type: 'GoalSet',
        data: {
          userId,
          goalId,
          title: 'Goal',
          targetAmount: pick(STAKES) * 5,
          timeframe: 'monthly',
          startDate: start,
          endDate: addDays(start, 30),
          description: null,
          paused: random() < 0.1,
        },
      });
    } else if (roll < 0.89) {
      const goalId = pick(sim.goals);
      const start = date();
      emit(streams.goal(goalId), {
        type: 'GoalRevised',
        data: {
          userId,
          goalId,
          changes: random() < 0.5 ? { paused: random() < 0.5 } : { startDate: start, endDate: addDays(start, 7), timeframe: 'weekly' },
        },
      });
    } else if (roll < 0.9) {
      if (sim.removed.goals.length > 0 && out.length % 3 === 0) {
        const goalId = sim.removed.goals.pop()!;
        sim.goals.push(goalId);
        emit(streams.goal(goalId), { type: 'GoalRestored', data: { userId, goalId } });
      } else {
        const [goalId] = sim.goals.splice(Math.floor(random() * sim.goals.length), 1);
        sim.removed.goals.push(goalId);
        emit(streams.goal(goalId), { type: 'GoalRemoved', data: { userId, goalId } });
      }
    } else if (roll < 0.95 || sim.journal.length === 0) {
      const entryId = uuidFrom(random);
      sim.journal.push(entryId);
      emit(streams.journal(entryId), {
        type: 'JournalWritten',
        data: {
          userId,
          entryId,
          title: 'Entry',
          content: 'Text, with "quotes"',
          type: 'daily',
          mood: 'neutral',
          tags: ['a', 'b,c'],
          date: date(),
        },
      });
    } else if (roll < 0.97) {
      const entryId = pick(sim.journal);
      emit(streams.journal(entryId), { type: 'JournalRevised', data: { userId, entryId, changes: { content: 'Revised', tags: [] } } });
    } else if (roll < 0.975) {
      if (sim.removed.journal.length > 0 && out.length % 3 === 0) {
        const entryId = sim.removed.journal.pop()!;
        sim.journal.push(entryId);
        emit(streams.journal(entryId), { type: 'JournalRestored', data: { userId, entryId } });
      } else {
        const [entryId] = sim.journal.splice(Math.floor(random() * sim.journal.length), 1);
        sim.removed.journal.push(entryId);
        emit(streams.journal(entryId), { type: 'JournalErased', data: { userId, entryId } });
      }
    } else if (roll < 0.985) {
      // Preferences (Settings): an odds format, or a unit size set or cleared.
      if (random() < 0.3) emit(streams.user(userId), { type: 'OddsFormatChosen', data: { userId, oddsFormat: pick(ODDS_FORMATS) } });
      else {
        sim.unitSize = random() < 0.8 ? pick(UNIT_SIZES) : null;
        emit(streams.user(userId), { type: 'UnitSizeSet', data: { userId, unitSize: sim.unitSize } });
      }
    } else {
      const email = `user${Math.floor(random() * 1e9)}@example.com`;
      emit(streams.user(userId), { type: 'EmailChanged', data: { userId, email, previousEmail: sim.email } });
      sim.email = email;
    }
  }
  return out;
}

/** As the store's port takes it. */
export const toNewEvent = (generated: GeneratedEvent, index: number): NewEvent => ({
  type: generated.event.type,
  data: generated.event.data,
  metadata: {
    occurredAt: generated.occurredAt,
    commandId: `generated-${index}`,
    schemaVersion: EVENT_SCHEMA_VERSION,
    ...generated.metadata,
  },
});
