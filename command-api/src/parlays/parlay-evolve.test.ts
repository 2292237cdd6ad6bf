import { expect } from 'chai';
import type { EventOf } from '@bt/contracts';
import { fold, type Recorded } from '../shared/command';
import { deciderSpec, EARLIER, meta, NOW, USER } from '../testing/decider-spec';
import { amendParlay, type AmendParlay } from './amend-parlay';
import { parlay, sameLegs, type ParlayEvent } from './parlay';

const PARLAY = '0190a000-0000-7000-8000-0000000000c2';
const leg = (odds: string, outcome: 'pending' | 'win' | 'loss' | 'push' = 'pending') => ({
  sport: 'football' as const,
  event: `Game ${odds}`,
  selection: 'Home',
  odds,
  date: '2025-03-10',
  outcome,
});
const at = (event: ParlayEvent, occurredAt = EARLIER): Recorded<ParlayEvent> => ({ ...event, occurredAt });
const created: EventOf<'ParlayCreated'> = {
  type: 'ParlayCreated',
  data: { userId: USER, parlayId: PARLAY, name: 'Sunday', stake: 50, notes: 'first', date: '2025-03-10', legs: [leg('+100'), leg('-110')] },
};
const amended: EventOf<'ParlayAmended'> = { type: 'ParlayAmended', data: { userId: USER, parlayId: PARLAY, changes: { stake: 80 } } };
const settled: EventOf<'ParlaySettled'> = { type: 'ParlaySettled', data: { userId: USER, parlayId: PARLAY, outcome: 'win' } };
const removed: EventOf<'ParlayRemoved'> = { type: 'ParlayRemoved', data: { userId: USER, parlayId: PARLAY } };

describe('the parlay aggregate (evolve)', () => {
  it('given an amend and a settlement, then the changed fields, the outcome and when they happened', () =>
    expect(fold(parlay, [at(created), at(amended, NOW), at(settled, NOW)])).to.deep.include({
      status: 'created',
      stake: 80,
      name: 'Sunday',
      outcome: 'win',
      createdAt: EARLIER,
      updatedAt: NOW,
    }));

  it('ignores an amend or a settlement of a parlay that was never created or was removed', () => {
    expect(fold(parlay, [at(amended), at(settled)])).to.deep.equal({ status: 'none' });
    expect(fold(parlay, [at(created), at(removed), at(amended), at(settled)])).to.deep.equal({
      ...fold(parlay, [at(created)]),
      status: 'removed',
    });
  });

  it('given a removed parlay, when it is restored, then it is back with its legs, updated at the restore', () => {
    const restored = at({ type: 'ParlayRestored', data: { userId: USER, parlayId: PARLAY } }, NOW);
    expect(fold(parlay, [at(created), at(removed), restored])).to.deep.equal({ ...fold(parlay, [at(created)]), updatedAt: NOW });
  });

  it('compares legs field by field, in order', () => {
    const legs = [leg('+100'), leg('-110')];
    expect(sameLegs(legs, [leg('+100'), leg('-110')])).to.equal(true);
    expect(sameLegs(legs, [leg('-110'), leg('+100')])).to.equal(false);
    expect(sameLegs(legs, [leg('+100'), leg('-110', 'win')])).to.equal(false);
    expect(sameLegs(legs, [leg('+100')])).to.equal(false);
    expect(sameLegs(legs, [leg('+100'), leg('-110'), leg('+200')])).to.equal(false);
  });
});

describe('editing a parlay: what an amend records', () => {
  const spec = deciderSpec(parlay, amendParlay);
  const amend = (data: Partial<AmendParlay['data']>): AmendParlay => ({
    type: 'AmendParlay',
    data: { parlayId: PARLAY, stake: 50, legs: [leg('+100'), leg('-110')], ...data },
    metadata: meta(),
  });
  const changes = (c: EventOf<'ParlayAmended'>['data']['changes']) => [
    { type: 'ParlayAmended' as const, data: { userId: USER, parlayId: PARLAY, changes: c } },
  ];

  it('records a new note, or its clearing, and nothing for the same note', () => {
    spec
      .given([created])
      .when(amend({ notes: 'second' }))
      .then(changes({ notes: 'second' }));
    spec
      .given([created])
      .when(amend({ notes: null }))
      .then(changes({ notes: null }));
    spec
      .given([created])
      .when(amend({ notes: 'first' }))
      .thenNothing();
  });

  it('records nothing for the same name or date', () => {
    spec
      .given([created])
      .when(amend({ name: 'Sunday', date: '2025-03-10' }))
      .thenNothing();
  });

  it('keeps the settled outcome when the amend sends none and no leg decides', () => {
    spec
      .given([created, settled])
      .when(amend({ stake: 60 }))
      .then(changes({ stake: 60 }));
  });
});
