import { MESSAGES, streams, type EventOf, type UnitSizeCoverage } from '@bt/contracts';
import { WrongExpectedRevision, type Position, type RecordedEvent, type StreamAppend } from '@bt/event-store';
import type { WithoutUnitSize } from '@bt/read-models';
import { ConflictError, NotFoundError, ValidationError } from '@bt/platform';
import { bet, type Bet, type BetEvent } from '../bets/bet';
import { parlay, type Parlay, type ParlayEvent } from '../parlays/parlay';
import { fold, type Command } from '../shared/command';
import { asRecorded, countedEvents, load } from '../shared/handle';
import type { RequestScope } from '../shared/http';
import type { Services } from '../shared/services';
import { preferences, type Preferences } from './preferences';

export type UnitSizeAppliedEvent = EventOf<'BetUnitSizeApplied' | 'ParlayUnitSizeApplied'>;

/** POST /api/settings/unit-size/apply: the user's bets and parlays as their streams stand (those the read model named). */
export type ApplyUnitSize = Command<'ApplyUnitSize', { bets: readonly Bet[]; parlays: readonly Parlay[] }>;

/**
 * A BetUnitSizeApplied or ParlayUnitSizeApplied for each of the user's bets and parlays (not
 * removed) that has no unit size, with the unit size set now; 400 when none is set. Each names its
 * bet, so a replay covers exactly these whatever came later.
 */
export const applyUnitSize = (command: ApplyUnitSize, state: Preferences): UnitSizeAppliedEvent[] => {
  const { userId } = command.metadata;
  if (state.userId !== userId) throw new NotFoundError(MESSAGES.notFound);
  const { unitSize } = state;
  if (unitSize === null) throw new ValidationError(MESSAGES.noUnitSizeToApply);
  const events: UnitSizeAppliedEvent[] = [];
  for (const b of command.data.bets) {
    if (b.status === 'placed' && b.userId === userId && b.unitSize === null) {
      events.push({ type: 'BetUnitSizeApplied', data: { userId, betId: b.betId, unitSize } });
    }
  }
  for (const p of command.data.parlays) {
    if (p.status === 'created' && p.userId === userId && p.unitSize === null) {
      events.push({ type: 'ParlayUnitSizeApplied', data: { userId, parlayId: p.parlayId, unitSize } });
    }
  }
  return events;
};

type Candidate = WithoutUnitSize;

/** How often the command decides again after a write to one of the streams got in first. */
const ATTEMPTS = 5;

/**
 * Loads the user's preferences and the bets and parlays the read model lists without a unit size
 * (one read of their streams, each folded as its own handler would), decides, and appends every
 * event in one write, each stream at the revision it was read at: a bet amended meanwhile makes
 * it decide again. Answers what it covered, and the log position after it.
 */
export async function applyUnitSizeToEarlierBets(
  services: Services,
  scope: RequestScope,
): Promise<{ coverage: UnitSizeCoverage; position: Position | undefined }> {
  for (let attempt = 1; ; attempt++) {
    const { state } = await load(services.store, streams.user(scope.userId), preferences);
    const candidates = await services.withoutUnitSize(scope.userId);
    const streamOf = (c: Candidate) => (c.kind === 'bet' ? streams.bet(c.id) : streams.parlay(c.id));
    const recorded = await services.store.readStreams(candidates.map(streamOf));
    const counted = await countedEvents(services.store, recorded);
    const last = new Map<string, bigint>();
    for (const e of recorded) last.set(e.streamId, e.revision);
    const byStream = new Map<string, RecordedEvent[]>();
    for (const e of counted) {
      const list = byStream.get(e.streamId);
      if (list) list.push(e);
      else byStream.set(e.streamId, [e]);
    }
    const ofStream = (c: Candidate) => byStream.get(streamOf(c)) ?? [];
    const bets = candidates.filter((c) => c.kind === 'bet').map((c) => fold(bet, ofStream(c).map(asRecorded<BetEvent>)));
    const parlays = candidates.filter((c) => c.kind === 'parlay').map((c) => fold(parlay, ofStream(c).map(asRecorded<ParlayEvent>)));
    const events = applyUnitSize({ type: 'ApplyUnitSize', data: { bets, parlays }, metadata: scope.command }, state);
    const coverage: UnitSizeCoverage = {
      unitSize: state.unitSize,
      bets: events.filter((e) => e.type === 'BetUnitSizeApplied').length,
      parlays: events.filter((e) => e.type === 'ParlayUnitSizeApplied').length,
    };
    if (events.length === 0) return { coverage, position: undefined };
    const appends: StreamAppend[] = events.map((e) => {
      const streamId = e.type === 'BetUnitSizeApplied' ? streams.bet(e.data.betId) : streams.parlay(e.data.parlayId);
      return { streamId, events: [{ type: e.type, data: e.data, metadata: scope.event }], expected: last.get(streamId) ?? 'no_stream' };
    });
    try {
      const results = await services.store.appendMany(appends);
      return { coverage, position: results.at(-1)?.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      if (attempt === ATTEMPTS) throw new ConflictError();
    }
  }
}
