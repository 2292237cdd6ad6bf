import type { RecordedEvent } from '@bt/event-store';
import { isEventType } from '@bt/contracts';
import { bankrollProjection } from './bankroll';
import { betsProjection } from './bets';
import { goalsProjection, refreshGoals } from './goals';
import { journalProjection } from './journal';
import { parlaysProjection } from './parlays';
import { refreshStreaks } from './streaks';
import { noteStream } from './user-streams';
import { usersProjection } from './users';
import { occurredAt, type Handlers, type ProjectedEvent, type Projection, type UserState } from './state';

/** Every read model's projection. user_stats, daily, sport_distribution and streaks follow the bets table. */
export const projections: readonly Projection[] = [
  usersProjection,
  betsProjection,
  parlaysProjection,
  bankrollProjection,
  goalsProjection,
  journalProjection,
];

type AnyHandler = (state: UserState, event: ProjectedEvent, at: Date) => void;
const handlers = new Map<string, AnyHandler[]>();
for (const projection of projections) {
  for (const [type, handler] of Object.entries(projection.handlers as Handlers)) {
    handlers.set(type, [...(handlers.get(type) ?? []), handler as AnyHandler]);
  }
}

/**
 * Folds one of the user's events into their state. Events that refer to something the state does
 * not hold (an amend of a removed bet) change nothing; unknown event types only index their stream.
 */
export const projectEvent = (state: UserState, event: RecordedEvent): void => {
  noteStream(state, event);
  if (!isEventType(event.type)) return;
  const list = handlers.get(event.type);
  if (!list) return;
  const at = occurredAt(event);
  for (const handle of list) handle(state, event as unknown as ProjectedEvent, at);
};

/** Recomputes what is derived per batch rather than per event: streaks and goal amounts. */
export const settleUser = (state: UserState): void => {
  if (state.dirty.streaksStale) {
    refreshStreaks(state);
    state.dirty.streaksStale = false;
  }
  if (state.dirty.goalsStale) {
    refreshGoals(state);
    state.dirty.goalsStale = false;
  }
};
