import { MESSAGES, type EventOf } from '@bt/contracts';
import { expect } from 'chai';
import { bet, type Bet } from '../bets/bet';
import { parlay, type Parlay } from '../parlays/parlay';
import { fold, type Aggregate, type Recorded } from '../shared/command';
import { deciderSpec, EARLIER, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { created } from '../testing/parlay-fixtures';
import { applyUnitSize, type ApplyUnitSize, type UnitSizeAppliedEvent } from './apply-unit-size';
import { preferences, type Preferences, type PreferencesEvent } from './preferences';

const BET = '0190a000-0000-7000-8000-0000000000b1';
const OTHER_BET = '0190a000-0000-7000-8000-0000000000b2';
const registered: EventOf<'UserRegistered'> = {
  type: 'UserRegistered',
  data: { userId: USER, email: 'ann@example.com', username: null, passwordHash: 'x' },
};
const unitSize = (size: number | null): EventOf<'UnitSizeSet'> => ({ type: 'UnitSizeSet', data: { userId: USER, unitSize: size } });

const placed = (betId: string, fields: { unitSize?: number | null; userId?: string } = {}): EventOf<'BetPlaced'> => ({
  type: 'BetPlaced',
  data: {
    userId: fields.userId ?? USER,
    betId,
    sport: 'football',
    event: 'A @ B',
    betType: 'moneyline',
    odds: '+100',
    stake: 20,
    notes: null,
    date: '2025-03-01',
    unitSize: fields.unitSize ?? null,
  },
});
const betOf = (...events: EventOf<'BetPlaced' | 'BetRemoved' | 'BetUnitSizeApplied'>[]): Bet =>
  fold(
    bet,
    events.map((e) => ({ ...e, occurredAt: EARLIER }) as Recorded<typeof e>),
  );
const parlayOf = (...events: EventOf<'ParlayCreated' | 'ParlayUnitSizeApplied'>[]): Parlay =>
  fold(
    parlay,
    events.map((e) => ({ ...e, occurredAt: EARLIER }) as Recorded<typeof e>),
  );
const apply = (bets: Bet[], parlays: Parlay[] = [], userId = USER): ApplyUnitSize => ({
  type: 'ApplyUnitSize',
  data: { bets, parlays },
  metadata: meta({ userId }),
});

describe('applying the unit size to earlier bets', () => {
  // The preferences fold, over the events this decider appends (on other streams: it never folds them).
  const spec = deciderSpec<Preferences, PreferencesEvent | UnitSizeAppliedEvent, ApplyUnitSize>(
    preferences as Aggregate<Preferences, PreferencesEvent | UnitSizeAppliedEvent>,
    applyUnitSize,
  );
  const parlayId = created().data.parlayId;

  it('records the unit size on each bet and parlay of the user placed without one', () =>
    spec
      .given([registered, unitSize(25)])
      .when(apply([betOf(placed(BET))], [parlayOf(created())]))
      .then([
        { type: 'BetUnitSizeApplied', data: { userId: USER, betId: BET, unitSize: 25 } },
        { type: 'ParlayUnitSizeApplied', data: { userId: USER, parlayId, unitSize: 25 } },
      ]));

  it('passes over bets with a unit size, removed ones, ones applied already and another user’s', () => {
    const applied: EventOf<'BetUnitSizeApplied'> = { type: 'BetUnitSizeApplied', data: { userId: USER, betId: BET, unitSize: 10 } };
    spec
      .given([registered, unitSize(25)])
      .when(
        apply([
          betOf(placed(BET, { unitSize: 10 })),
          betOf(placed(BET), { type: 'BetRemoved', data: { userId: USER, betId: BET } }),
          betOf(placed(BET), applied),
          betOf(placed(OTHER_BET, { userId: OTHER_USER })),
          betOf(),
        ]),
      )
      .thenNothing();
    expect(betOf(placed(BET), applied)).to.include({ unitSize: 10 });
  });

  it('refuses without a unit size (400), and answers another user 404', () => {
    spec
      .given([registered])
      .when(apply([betOf(placed(BET))]))
      .thenThrows(400, MESSAGES.noUnitSizeToApply);
    spec
      .given([registered, unitSize(25), unitSize(null)])
      .when(apply([]))
      .thenThrows(400, MESSAGES.noUnitSizeToApply);
    spec
      .given([registered, unitSize(25)])
      .when(apply([], [], OTHER_USER))
      .thenThrows(404, MESSAGES.notFound);
  });

  it('a parlay takes it as a bet does', () => {
    const applied: EventOf<'ParlayUnitSizeApplied'> = { type: 'ParlayUnitSizeApplied', data: { userId: USER, parlayId, unitSize: 25 } };
    expect(parlayOf(created(), applied)).to.include({ unitSize: 25 });
  });
});
