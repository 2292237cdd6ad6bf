import {
  amendedParlayDating,
  MESSAGES,
  parlayClosingOdds,
  pricedBet,
  pricedParlay,
  rowVersion,
  streams,
  upcastEvent,
  type BetChange,
  type EventData,
  type Outcome,
  type ParlayLeg,
} from '@bt/contracts';
import type { EventStore, RecordedEvent } from '@bt/event-store';
import { HttpError, NotFoundError } from '@bt/platform';
import { legView } from './get-parlays';
import type { QueryRoute } from '../query-route';

type Fields = Record<string, unknown>;

/**
 * How one kind of stream reads as a change log: `evolve` folds an event into the stream's state (what
 * the events say), `view` shows a state the way the owner sees the row (with what the server
 * derives: profit, price, a parlay's outcome from its legs), and changes are differences of views.
 */
interface ChangesOf<S> {
  evolve(state: S | undefined, event: RecordedEvent): S | undefined;
  view(state: S): Fields;
}

type BetState = Omit<EventData<'BetPlaced'>, 'userId' | 'betId'> & { outcome: Outcome; cashOutAmount: number | null };

/** A cash-out's amount as a settlement gives it: only a cash-out has one. */
const cashOutOf = (data: EventData<'BetSettled'> | EventData<'ParlaySettled'>): number | null =>
  data.outcome === 'cashout' ? (data.cashOutAmount ?? null) : null;

const betChanges: ChangesOf<BetState> = {
  evolve(state, event) {
    switch (event.type) {
      case 'BetPlaced': {
        const { userId: _u, betId: _b, ...fields } = event.data as EventData<'BetPlaced'>;
        return { ...fields, outcome: 'pending', cashOutAmount: null };
      }
      case 'BetAmended': {
        // The unit size is the one of placement: an amend never changes it (as the projector reads it).
        const { unitSize: _unitSize, ...changes } = (event.data as EventData<'BetAmended'>).changes;
        return state && { ...state, ...changes };
      }
      case 'BetSettled': {
        const data = event.data as EventData<'BetSettled'>;
        return state && { ...state, outcome: data.outcome, cashOutAmount: cashOutOf(data) };
      }
      case 'BetUnitSizeApplied':
        return state && { ...state, unitSize: (event.data as EventData<'BetUnitSizeApplied'>).unitSize };
      default:
        return state; // BetRemoved, or a type this reader does not know: no field changes
    }
  },
  // As GET /api/bets shows the row: canonical odds and close, the decimal price, profit, clv and units.
  view: (bet) => {
    const price = pricedBet(bet);
    return {
      ...bet,
      odds: price.odds,
      decimalOdds: price.decimalOdds,
      closingOdds: price.closingOdds,
      profit: price.profit,
      clv: price.clv,
      units: price.units,
      profitUnits: price.profitUnits,
    };
  },
};

type ParlayState = Omit<EventData<'ParlayCreated'>, 'userId' | 'parlayId'> & { chosenOutcome: Outcome; cashOutAmount: number | null };

const parlayChanges: ChangesOf<ParlayState> = {
  evolve(state, event) {
    switch (event.type) {
      case 'ParlayCreated': {
        const { userId: _u, parlayId: _p, ...fields } = event.data as EventData<'ParlayCreated'>;
        return { ...fields, chosenOutcome: 'pending', cashOutAmount: null };
      }
      case 'ParlayAmended': {
        const { unitSize: _unitSize, ...changes } = (event.data as EventData<'ParlayAmended'>).changes;
        return state && { ...state, ...changes, ...amendedParlayDating({ date: state.date, dateSet: state.dateSet ?? true }, changes) };
      }
      case 'ParlaySettled': {
        const data = event.data as EventData<'ParlaySettled'>;
        return state && { ...state, chosenOutcome: data.outcome, cashOutAmount: cashOutOf(data) };
      }
      case 'ParlayUnitSizeApplied':
        return state && { ...state, unitSize: (event.data as EventData<'ParlayUnitSizeApplied'>).unitSize };
      default:
        return state;
    }
  },
  // As the projector prices it: pushed legs priced out; the outcome follows the legs, the user's choice while legs are pending.
  view: ({ chosenOutcome, dateSet: _dateSet, ...parlay }) => {
    const legs: ParlayLeg[] = parlay.legs;
    const price = pricedParlay({ ...parlay, legs, outcome: chosenOutcome });
    return {
      ...parlay,
      legs: legs.map(legView),
      totalOdds: price.totalOdds,
      decimalOdds: price.decimalOdds,
      closingOdds: parlayClosingOdds(legs),
      potentialProfit: price.potentialProfit,
      outcome: price.outcome,
      profit: price.profit,
      clv: price.clv,
      units: price.units,
      profitUnits: price.profitUnits,
    };
  },
};

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const diff = (before: Fields | undefined, after: Fields | undefined): BetChange['changes'] => {
  const changes: BetChange['changes'] = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (!same(from, to)) changes[field] = { from, to };
  }
  return changes;
};

/** Folds a stream into its change list, oldest first: each event with the fields it changed, from and to. */
export const describeChanges = <S>(events: readonly RecordedEvent[], reading: ChangesOf<S>): BetChange[] => {
  let state: S | undefined;
  let shown: Fields | undefined;
  return events.map((stored) => {
    const event = upcastEvent(stored); // old event versions read in today's schema (contracts)
    state = reading.evolve(state, event);
    const next = state === undefined ? undefined : reading.view(state);
    const change: BetChange = {
      type: event.type,
      at: new Date(event.metadata?.occurredAt ?? event.recordedAt).toISOString(),
      version: rowVersion(event.revision),
      changes: diff(shown, next),
    };
    shown = next;
    return change;
  });
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/bets/:id/history (the path keeps its name): one bet's or parlay's change log, oldest
 * first, read from its own stream (a removed one's included). Another user's id answers exactly
 * like a missing one.
 */
export async function getBetChanges(store: EventStore, userId: string, id: string): Promise<BetChange[]> {
  if (!UUID.test(id)) throw new NotFoundError(MESSAGES.betNotFound);
  const [bet, parlay] = await Promise.all([store.readStream(streams.bet(id)), store.readStream(streams.parlay(id))]);
  const owner = (events: RecordedEvent[]) => (events[0]?.data as { userId?: string } | undefined)?.userId;
  if (bet.length > 0 && owner(bet) === userId) return foldOrRefuse(bet, betChanges);
  if (parlay.length > 0 && owner(parlay) === userId) return foldOrRefuse(parlay, parlayChanges);
  throw new NotFoundError(MESSAGES.betNotFound);
}

/** An event the fold cannot read (of the wrong shape: the projector sets its user aside) is a 503, as in a replay, not a 500. */
const foldOrRefuse = <S>(events: readonly RecordedEvent[], reading: ChangesOf<S>): BetChange[] => {
  try {
    return describeChanges(events, reading);
  } catch (error) {
    throw new HttpError(503, MESSAGES.replayUnavailable, { cause: error });
  }
};

/** GET /api/bets/:id/history */
export const betHistoryRoute: QueryRoute = {
  path: '/bets/:id/history',
  answer: async ({ store, userId, refuseSetAside }, ctx) => {
    await refuseSetAside();
    return getBetChanges(store, userId, ctx.params.id);
  },
};
