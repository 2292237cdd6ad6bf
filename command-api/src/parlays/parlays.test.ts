import { expect } from 'chai';
import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { amend, create, created, derived, leg, PARLAY, settled, stored } from '../testing/parlay-fixtures';
import { amendParlay, type AmendParlay } from './amend-parlay';
import { createParlay } from './create-parlay';
import { parlay } from './parlay';
import { removeParlay } from './remove-parlay';
import { restoreParlay, type RestoreParlay } from './restore-parlay';
import { fold } from '../shared/command';

describe('parlays', () => {
  describe('creating a parlay', () => {
    const spec = deciderSpec(parlay, createParlay);

    it('dates a parlay sent without a date on its latest leg’s date, and its undated legs with it', () =>
      spec
        .given([])
        .when(create([leg('+100', 'pending', '2025-01-02'), leg('-110', 'pending', '2025-01-05'), leg('+120')]))
        .then([
          {
            type: 'ParlayCreated',
            data: {
              ...created().data,
              date: '2025-01-05',
              dateSet: false,
              legs: [
                stored('+100', 'pending', '2025-01-02'),
                stored('-110', 'pending', '2025-01-05'),
                stored('+120', 'pending', '2025-01-05'),
              ],
            },
          },
        ]));

    it('dates a parlay without a date and without dated legs today', () =>
      spec
        .given([])
        .when(create([leg('+100'), leg('-110')]))
        .then([
          {
            type: 'ParlayCreated',
            data: {
              ...created().data,
              date: '2025-03-15',
              dateSet: false,
              legs: [stored('+100', 'pending', '2025-03-15'), stored('-110', 'pending', '2025-03-15')],
            },
          },
        ]));

    it('keeps the date the bettor sent, before or after the legs', () =>
      spec
        .given([])
        .when(create([leg('+100', 'pending', '2025-03-01'), leg('-110', 'pending', '2025-03-02')], 'pending', '2025-03-10'))
        .then([
          {
            type: 'ParlayCreated',
            data: { ...created().data, legs: [stored('+100', 'pending', '2025-03-01'), stored('-110', 'pending', '2025-03-02')] },
          },
        ]));

    it('derives a loss from any lost leg, whatever the chosen outcome', () =>
      spec
        .given([])
        .when(create([leg('+100', 'win'), leg('-110', 'loss')], 'win', '2025-03-10'))
        .then([created([stored('+100', 'win'), stored('-110', 'loss')]), settled('loss')]));

    it('derives a push when every leg pushed', () =>
      spec
        .given([])
        .when(create([leg('+100', 'push'), leg('-110', 'push')], 'pending', '2025-03-10'))
        .then([created([stored('+100', 'push'), stored('-110', 'push')]), settled('push')]));

    it('derives a win when the legs that did not push all won', () =>
      spec
        .given([])
        .when(create([leg('+100', 'win'), leg('-110', 'push')], 'pending', '2025-03-10'))
        .then([created([stored('+100', 'win'), stored('-110', 'push')]), settled('win')]));

    it('keeps the chosen outcome while a leg is pending and none lost', () =>
      spec
        .given([])
        .when(create([leg('+100', 'win'), leg('-110')], 'win', '2025-03-10'))
        .then([created([stored('+100', 'win'), stored('-110')]), settled('win')]));

    it('records no settlement for a pending parlay', () =>
      spec
        .given([])
        .when(create([leg('+100'), leg('-110')], 'pending', '2025-03-10'))
        .then([created()]));

    it('records book, tags, bonus bet, the unit size in effect, and legs with league and closing odds', () => {
      const command = create([{ ...leg('2.00'), league: 'NFL', closingOdds: '1.90' }, leg('-110')], 'pending', '2025-03-10');
      command.data = { ...command.data, book: 'Caesars', tags: ['sgp'], bonusBet: true, unitSize: 25 };
      const legs = [{ ...stored('2.00'), league: 'NFL', closingOdds: '1.90' }, stored('-110')];
      spec
        .given([])
        .when(command)
        .then([{ type: 'ParlayCreated', data: { ...created(legs).data, book: 'Caesars', tags: ['sgp'], bonusBet: true, unitSize: 25 } }]);
    });

    it('settles a cash-out with its amount, and a void without one, whatever the legs', () => {
      const cashout = create([leg('+100', 'loss'), leg('-110')], 'cashout', '2025-03-10');
      cashout.data = { ...cashout.data, cashOutAmount: 12 };
      spec
        .given([])
        .when(cashout)
        .then([created([stored('+100', 'loss'), stored('-110')]), settled('cashout', 12)]);
      spec
        .given([])
        .when(create([leg('+100', 'win'), leg('-110', 'win')], 'void', '2025-03-10'))
        .then([created([stored('+100', 'win'), stored('-110', 'win')]), settled('void')]);
    });
  });

  describe('editing a parlay', () => {
    const spec = deciderSpec(parlay, amendParlay);

    it('records only what changed', () =>
      spec
        .given([created()])
        .when(amend({ stake: 80, name: 'Renamed' }))
        .then([{ type: 'ParlayAmended', data: { userId: USER, parlayId: PARLAY, changes: { name: 'Renamed', stake: 80 } } }]));

    it('settles the parlay when a leg’s result decides it', () =>
      spec
        .given([created()])
        .when(amend({ legs: [stored('+100', 'win'), stored('-110', 'loss')] }))
        .then([
          {
            type: 'ParlayAmended',
            data: { userId: USER, parlayId: PARLAY, changes: { legs: [stored('+100', 'win'), stored('-110', 'loss')] } },
          },
          settled('loss'),
        ]));

    it('records nothing when nothing changed', () =>
      spec
        .given([created()])
        .when(amend({ outcome: 'pending' }))
        .thenNothing());

    it('moves undated legs with the parlay’s new date', () =>
      spec
        .given([created()])
        .when(amend({ date: '2025-03-12', legs: [leg('+100'), leg('-110')] }))
        .then([
          {
            type: 'ParlayAmended',
            data: {
              userId: USER,
              parlayId: PARLAY,
              changes: { date: '2025-03-12', legs: [stored('+100', 'pending', '2025-03-12'), stored('-110', 'pending', '2025-03-12')] },
            },
          },
        ]));

    it('moves a derived date with the legs when no date is sent', () =>
      spec
        .given([derived()])
        .when(amend({ legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')] }))
        .then([
          {
            type: 'ParlayAmended',
            data: {
              userId: USER,
              parlayId: PARLAY,
              changes: { date: '2025-02-03', legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')] },
            },
          },
        ]));

    it('keeps a date the bettor set when the legs change without one', () =>
      spec
        .given([created()])
        .when(amend({ legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')] }))
        .then([
          {
            type: 'ParlayAmended',
            data: {
              userId: USER,
              parlayId: PARLAY,
              changes: { legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')] },
            },
          },
        ]));

    it('records a date sent for a derived one as the bettor’s choice', () =>
      spec
        .given([derived()])
        .when(amend({ date: '2025-03-10' }))
        .then([{ type: 'ParlayAmended', data: { userId: USER, parlayId: PARLAY, changes: { dateSet: true } } }]));

    it('gives a set date back to the legs when null is sent', () =>
      spec
        .given([created()])
        .when(amend({ date: null, legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')] }))
        .then([
          {
            type: 'ParlayAmended',
            data: {
              userId: USER,
              parlayId: PARLAY,
              changes: {
                date: '2025-02-03',
                dateSet: false,
                legs: [stored('+100', 'pending', '2025-02-01'), stored('-110', 'pending', '2025-02-03')],
              },
            },
          },
        ]));

    it("answers another user's parlay as not found", () =>
      spec.given([created()]).when(amend({}, OTHER_USER)).thenThrows(404, MESSAGES.parlayNotFound));

    it('answers a removed parlay as not found', () =>
      spec
        .given([created(), { type: 'ParlayRemoved', data: { userId: USER, parlayId: PARLAY } }])
        .when(amend({}))
        .thenThrows(404, MESSAGES.parlayNotFound));
  });

  describe('editing a parlay: books, tags, bonus bets, cash-outs', () => {
    const spec = deciderSpec(parlay, amendParlay);

    it('records book, tags and bonus bet that changed; left out they stay, null and [] clear them', () => {
      const tagged = { ...created(), data: { ...created().data, book: 'FanDuel', tags: ['a'] } };
      spec.given([tagged]).when(amend({})).thenNothing();
      spec
        .given([tagged])
        .when(amend({ book: 'FanDuel', tags: ['a'], bonusBet: false }))
        .thenNothing();
      spec
        .given([tagged])
        .when(amend({ book: null, tags: [], bonusBet: true }))
        .then([{ type: 'ParlayAmended', data: { userId: USER, parlayId: PARLAY, changes: { book: null, tags: [], bonusBet: true } } }]);
    });

    it("records a leg's league and closing odds, and never the unit size", () =>
      spec
        .given([{ ...created(), data: { ...created().data, unitSize: 20 } }])
        .when(amend({ unitSize: 50, legs: [{ ...stored('+100'), closingOdds: '-105' }, stored('-110')] } as Partial<AmendParlay['data']>))
        .then([
          {
            type: 'ParlayAmended',
            data: { userId: USER, parlayId: PARLAY, changes: { legs: [{ ...stored('+100'), closingOdds: '-105' }, stored('-110')] } },
          },
        ]));

    it('cashes out with the amount, changes the amount alone, keeps it when left out', () => {
      spec
        .given([created()])
        .when(amend({ outcome: 'cashout', cashOutAmount: 30 }))
        .then([settled('cashout', 30)]);
      spec
        .given([created(), settled('cashout', 30)])
        .when(amend({ cashOutAmount: 45 }))
        .then([settled('cashout', 45)]);
      spec
        .given([created(), settled('cashout', 30)])
        .when(amend({}))
        .thenNothing();
      spec
        .given([created(), settled('cashout', 30)])
        .when(amend({ outcome: 'cashout', cashOutAmount: 30 }))
        .thenNothing();
    });

    it("refuses to clear a cashed-out parlay's amount; ignores an amount for one not cashed out", () => {
      spec
        .given([created(), settled('cashout', 30)])
        .when(amend({ cashOutAmount: null }))
        .thenThrows(400, MESSAGES.cashOutRequired);
      spec
        .given([created()])
        .when(amend({ cashOutAmount: 30 }))
        .thenNothing();
    });

    it('drops the amount when a cashed-out parlay is settled otherwise', () =>
      spec
        .given([created(), settled('cashout', 30)])
        .when(amend({ outcome: 'pending', cashOutAmount: null }))
        .then([settled('pending')]));
  });

  describe('removing a parlay', () => {
    const spec = deciderSpec(
      parlay,
      (command: { type: 'RemoveParlay'; data: { parlayId: string }; metadata: ReturnType<typeof meta> }, state) =>
        removeParlay(command, state),
    );
    const remove = (userId = USER) => ({ type: 'RemoveParlay' as const, data: { parlayId: PARLAY }, metadata: meta({ userId }) });

    it('removes the parlay', () =>
      spec
        .given([created()])
        .when(remove())
        .then([{ type: 'ParlayRemoved', data: { userId: USER, parlayId: PARLAY } }]));
    it('answers a missing parlay as not found', () => spec.given([]).when(remove()).thenThrows(404, MESSAGES.parlayNotFound));
    it("answers another user's parlay as not found", () =>
      spec.given([created()]).when(remove(OTHER_USER)).thenThrows(404, MESSAGES.parlayNotFound));
  });

  describe('restoring a parlay', () => {
    const spec = deciderSpec(parlay, (command: RestoreParlay, state) => restoreParlay(command, state));
    const restore = (userId = USER): RestoreParlay => ({ type: 'RestoreParlay', data: { parlayId: PARLAY }, metadata: meta({ userId }) });
    const removed: EventOf<'ParlayRemoved'> = { type: 'ParlayRemoved', data: { userId: USER, parlayId: PARLAY } };

    it('given a removed parlay, restores it', () =>
      spec
        .given([created(), removed])
        .when(restore())
        .then([{ type: 'ParlayRestored', data: { userId: USER, parlayId: PARLAY } }]));
    it('given a parlay that is not removed, refuses with a conflict', () =>
      spec.given([created()]).when(restore()).thenThrows(409, MESSAGES.parlayNotDeleted));
    it('answers a parlay that never was as not found', () => spec.given([]).when(restore()).thenThrows(404, MESSAGES.parlayNotFound));
    it("answers another user's parlay as not found", () =>
      spec.given([created(), removed]).when(restore(OTHER_USER)).thenThrows(404, MESSAGES.parlayNotFound));
    it('words its answers as a bet when asked through /api/bets', () =>
      expect(() => restoreParlay(restore(), fold(parlay, []), MESSAGES.betNotFound, MESSAGES.betNotDeleted)).to.throw(
        MESSAGES.betNotFound,
      ));
  });
});
