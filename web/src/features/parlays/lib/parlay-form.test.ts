import { expect } from 'chai';
import {
  emptyLeg,
  emptyParlayForm,
  formDate,
  formOutcome,
  hasPricedLegs,
  priceForm,
  stakeOrDefault,
  toParlaySubmission,
  type LegValues,
  type ParlayFormValues,
  withDate,
} from './parlay-form';

const TODAY = '2025-03-15';
const leg = (fields: Partial<LegValues>): LegValues => ({
  ...emptyLeg(TODAY),
  sport: 'football',
  event: 'Chiefs vs Bills',
  selection: 'Chiefs ML',
  odds: '-110',
  ...fields,
});
const form = (fields: Partial<ParlayFormValues>): ParlayFormValues => ({ ...emptyParlayForm(TODAY), ...fields });

describe('parlay builder form', () => {
  it('starts empty: 2 legs without odds dated today, no stake, pending, and totals that mean nothing yet', () => {
    const values = emptyParlayForm(TODAY);
    expect(values.legs).to.have.length(2);
    expect(values.legs[0]).to.include({ odds: '', date: TODAY, outcome: 'pending' });
    expect(values.stake).to.equal('');
    expect(values.outcome).to.equal('pending');
    expect(hasPricedLegs(values)).to.equal(false);
  });

  it('prices the legs live once odds and a stake are typed: two +100 legs at 50 are +300 and $150', () => {
    const empty = emptyParlayForm(TODAY);
    const values = { ...empty, stake: '50', legs: empty.legs.map((leg) => ({ ...leg, odds: '+100' })) };
    expect(hasPricedLegs(values)).to.equal(true);
    expect(priceForm(values)).to.deep.include({ totalOdds: '+300', potentialProfit: 150 });
  });

  it('shows the outcome the legs set as they are set, and back to the chosen one when a leg is pending again', () => {
    const legs = [leg({ outcome: 'win' }), leg({ outcome: 'pending' })];
    expect(formOutcome({ legs, outcome: 'pending' })).to.equal('pending');
    expect(formOutcome({ legs: [legs[0], { ...legs[1], outcome: 'loss' }], outcome: 'pending' })).to.equal('loss');
    expect(formOutcome({ legs: [legs[0], { ...legs[1], outcome: 'win' }], outcome: 'pending' })).to.equal('win');
    expect(formOutcome({ legs: [legs[0], { ...legs[1], outcome: 'loss' }], outcome: 'cashout' })).to.equal('cashout');
  });

  it('turns a stake of 0 or not a number into 50', () => {
    expect(stakeOrDefault('0')).to.equal(50);
    expect(stakeOrDefault('')).to.equal(50);
    expect(stakeOrDefault('abc')).to.equal(50);
    expect(stakeOrDefault('12.345')).to.equal(12.35);
  });

  it('keeps an imported parlay priced at its own total while its legs stay without prices', () => {
    const imported = form({ totalOdds: '+264', stake: '10', legs: [leg({ odds: '' }), leg({ odds: '' })] });
    expect(priceForm(imported)).to.deep.include({ totalOdds: '+264', potentialProfit: 26.4 });
    const result = toParlaySubmission(imported);
    expect(result.ok && result.body.legs.map((l) => l.odds)).to.deep.equal([null, null]);
    expect(result.ok && result.body.totalOdds).to.equal('+264');
    // Any other parlay needs every leg's odds.
    expect(toParlaySubmission(form({ legs: [leg({ odds: '' }), leg({ odds: '' })] }))).to.deep.equal({ ok: false, reason: 'incomplete' });
  });

  it('wants at least 2 complete legs', () => {
    const result = toParlaySubmission(form({ legs: [leg({}), leg({ selection: ' ' })] }));
    expect(result).to.deep.equal({ ok: false, reason: 'incomplete' });
  });

  it('sends only the complete legs, names an unnamed parlay and prices it', () => {
    const result = toParlaySubmission(form({ legs: [leg({}), leg({ odds: '-110' }), emptyLeg(TODAY)] }));
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.body.name).to.equal('Unnamed Parlay');
    expect(result.body.legs).to.have.length(2);
    expect(result.body.totalOdds).to.equal('+264');
    expect(result.body.potentialProfit).to.equal(132.23);
  });

  it('points at legs whose odds cannot be read, in the server words', () => {
    const result = toParlaySubmission(form({ legs: [leg({}), leg({ odds: 'evens' }), leg({ odds: '-50' })] }));
    expect(result).to.deep.equal({
      ok: false,
      reason: 'odds',
      legIndexes: [1, 2],
      message: 'Odds must be American (+150), decimal (2.50) or fractional (3/2)',
    });
  });

  it('takes legs in any format as typed and prices them alike', () => {
    const result = toParlaySubmission(form({ legs: [leg({ odds: '2.50', league: 'NFL' }), leg({ odds: '3/2', closingOdds: '2.2' })] }));
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.body.legs.map((l) => [l.odds, l.league, l.closingOdds])).to.deep.equal([
      ['2.50', 'NFL', null],
      ['3/2', null, '2.2'],
    ]);
    expect(result.body.totalOdds).to.equal('+525');
    expect(result.body.potentialProfit).to.equal(262.5);
  });

  it('sends book, tags and a bonus bet; a cashed-out parlay needs its amount', () => {
    const legs = [leg({}), leg({})];
    const tagged = toParlaySubmission(form({ legs, book: 'bet365', tags: 'sgp, sgp, Sunday', bonusBet: true }));
    expect(tagged.ok && tagged.body).to.deep.include({ book: 'bet365', tags: ['sgp', 'Sunday'], bonusBet: true });
    const missing = toParlaySubmission(form({ legs, outcome: 'cashout' }));
    expect(missing).to.deep.include({ ok: false, reason: 'invalid', message: 'Cash-out amount is required for a cashed-out bet' });
    const cashed = toParlaySubmission(form({ legs, outcome: 'cashout', cashOutAmount: '70' }));
    expect(cashed.ok && cashed.body).to.deep.include({ outcome: 'cashout', cashOutAmount: 70 });
  });

  it('keeps a void parlay void whatever its legs', () => {
    const result = toParlaySubmission(form({ outcome: 'void', legs: [leg({ outcome: 'win' }), leg({ outcome: 'win' })] }));
    expect(result.ok && result.body.outcome).to.equal('void');
  });

  it('derives the outcome from settled legs and keeps the chosen one while a leg is pending', () => {
    const outcomeOf = (outcomes: LegValues['outcome'][], chosen: LegValues['outcome'] = 'pending') => {
      const result = toParlaySubmission(form({ outcome: chosen, legs: outcomes.map((outcome) => leg({ outcome })) }));
      return result.ok ? result.body.outcome : null;
    };
    expect(outcomeOf(['win', 'loss'])).to.equal('loss');
    expect(outcomeOf(['win', 'win'])).to.equal('win');
    expect(outcomeOf(['push', 'push'])).to.equal('push');
    expect(outcomeOf(['win', 'push'])).to.equal('win');
    expect(outcomeOf(['win', 'pending'], 'win')).to.equal('win');
    expect(outcomeOf(['win', 'pending'])).to.equal('pending');
  });
});

describe('parlay builder date', () => {
  const legs = [leg({ date: '2025-01-02' }), leg({ date: '2025-01-05' })];

  it('shows the latest leg’s date until the bettor changes it, and sends no date', () => {
    const values = form({ legs });
    expect(formDate(values, TODAY)).to.equal('2025-01-05');
    expect(formDate(form({ legs: [...legs, leg({ date: '2025-02-01' })] }), TODAY)).to.equal('2025-02-01');
    const submission = toParlaySubmission(values);
    expect(submission.ok && 'date' in submission.body).to.equal(false);
  });

  it('keeps and sends the date the bettor typed, whatever the legs', () => {
    const values = { ...withDate(form({ legs }), '2025-01-10'), legs: [leg({ date: '2025-02-01' }), leg({ date: '2025-02-02' })] };
    expect(formDate(values, TODAY)).to.equal('2025-01-10');
    const submission = toParlaySubmission(values);
    expect(submission.ok && submission.body.date).to.equal('2025-01-10');
  });

  it('gives the date back to the legs when the bettor clears it', () => {
    expect(formDate(withDate(withDate(form({ legs }), '2025-01-10'), ''), TODAY)).to.equal('2025-01-05');
  });
});
