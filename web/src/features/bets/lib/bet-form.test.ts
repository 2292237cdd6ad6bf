import { expect } from 'chai';
import { MESSAGES, type BetRow } from '@bt/contracts';
import { betFormFrom, betFormWithDefaults, emptyBetForm, toWinPreview } from './bet-form';
import { validateBetForm } from './bet-form-checks';

describe('bet form', () => {
  const filled = {
    ...emptyBetForm('2025-03-15'),
    sport: 'basketball' as const,
    event: 'Lakers vs Celtics',
    betType: 'spread' as const,
    odds: '-110',
    stake: '25.5',
  };

  it('starts with outcome pending, dated today, stake unset', () => {
    const form = emptyBetForm('2025-03-15');
    expect(form.outcome).to.equal('pending');
    expect(form.date).to.equal('2025-03-15');
    expect(form.stake).to.equal('');
  });

  it('turns a filled form into the API body', () => {
    const result = validateBetForm(filled);
    expect(result).to.deep.equal({
      ok: true,
      body: {
        sport: 'basketball',
        event: 'Lakers vs Celtics',
        betType: 'spread',
        odds: '-110',
        stake: 25.5,
        outcome: 'pending',
        notes: null,
        date: '2025-03-15',
        startsAt: null,
        book: null,
        league: null,
        tags: [],
        closingOdds: null,
        bonusBet: false,
      },
    });
  });

  it('sends the event’s start with the browser’s offset, and refuses one the server would, in its words', () => {
    const result = validateBetForm({ ...filled, startsAt: '2026-11-28T19:30' });
    if (!result.ok) throw new Error('refused a start time');
    expect(new Date(result.body.startsAt!).getTime()).to.equal(new Date(2026, 10, 28, 19, 30).getTime());
    expect(validateBetForm({ ...filled, startsAt: '7pm' })).to.deep.equal({ ok: false, errors: { startsAt: MESSAGES.startsAtFormat } });
  });

  it('wants a positive stake and readable odds, in the server words', () => {
    const result = validateBetForm({ ...filled, stake: '', odds: 'evens' });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.stake).to.equal('Stake must be a positive number');
    expect(result.errors.odds).to.equal('Odds must be American (+150), decimal (2.50) or fractional (3/2)');
    const short = validateBetForm({ ...filled, odds: '-50', closingOdds: 'closed' });
    expect(short.ok || short.errors).to.deep.include({
      odds: 'American odds must be +100 or more, or -100 or less',
      closingOdds: 'Closing odds must be American (+150), decimal (2.50) or fractional (3/2)',
    });
    const low = validateBetForm({ ...filled, odds: '0.95' });
    expect(low.ok || low.errors.odds).to.equal('Decimal odds must be more than 1.00');
  });

  it('takes odds in any format as typed, with book, league, tags, closing odds and a bonus bet', () => {
    const result = validateBetForm({
      ...filled,
      odds: '2.50',
      book: ' FanDuel ',
      league: 'NBA',
      tags: 'live, Model, live',
      closingOdds: '3/2',
      bonusBet: true,
    });
    expect(result.ok && result.body).to.deep.include({
      odds: '2.50',
      book: 'FanDuel',
      league: 'NBA',
      tags: ['live', 'Model'],
      closingOdds: '3/2',
      bonusBet: true,
    });
  });

  it('wants a cash-out amount for a cashed-out bet, and sends none for any other outcome', () => {
    const missing = validateBetForm({ ...filled, outcome: 'cashout' });
    expect(missing.ok || missing.errors.cashOutAmount).to.equal('Cash-out amount is required for a cashed-out bet');
    const cashed = validateBetForm({ ...filled, outcome: 'cashout', cashOutAmount: '40' });
    expect(cashed.ok && cashed.body.cashOutAmount).to.equal(40);
    const won = validateBetForm({ ...filled, outcome: 'win', cashOutAmount: '40' });
    expect(won.ok && 'cashOutAmount' in won.body).to.equal(false);
  });

  it('refuses more than 10 tags and tags over 30 characters, in the server words', () => {
    const many = validateBetForm({ ...filled, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') });
    expect(many.ok || many.errors.tags).to.equal('A bet can have at most 10 tags');
    const long = validateBetForm({ ...filled, tags: 'x'.repeat(31) });
    expect(long.ok || long.errors.tags).to.equal('A tag can be at most 30 characters');
  });

  it('leaves unchanged closing odds out of an edit, so the stored close stays exactly as it was', () => {
    const edited = validateBetForm({ ...filled, closingOdds: '+138' }, '+138');
    expect(edited.ok && 'closingOdds' in edited.body).to.equal(false);
    const changed = validateBetForm({ ...filled, closingOdds: '+140' }, '+138');
    expect(changed.ok && changed.body.closingOdds).to.equal('+140');
    const cleared = validateBetForm({ ...filled, closingOdds: '' }, '+138');
    expect(cleared.ok && cleared.body.closingOdds).to.equal(null);
  });

  it('wants a sport, an event and a bet type', () => {
    const result = validateBetForm(emptyBetForm('2025-03-15'));
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).to.include.members(['sport', 'event', 'betType']);
  });

  it('starts from the remembered sport, bet type and stake, ignoring unknown ones', () => {
    const form = betFormWithDefaults('2025-03-15', { sport: 'hockey', betType: 'total', stake: '25' });
    expect(form).to.deep.equal({ ...emptyBetForm('2025-03-15'), sport: 'hockey', betType: 'total', stake: '25' });
    const odd = betFormWithDefaults('2025-03-15', { sport: 'curling' as never, betType: 'teaser' as never, stake: '-5' });
    expect(odd).to.deep.equal(emptyBetForm('2025-03-15'));
  });

  it('previews what a win pays once odds and stake are valid', () => {
    expect(toWinPreview({ odds: '-110', stake: '100' })).to.equal(90.91);
    expect(toWinPreview({ odds: '+150', stake: '20' })).to.equal(30);
    expect(toWinPreview({ odds: '-', stake: '100' })).to.equal(null);
    expect(toWinPreview({ odds: '+150', stake: '' })).to.equal(null);
  });

  describe('a saved row in the forms', () => {
    const row = (fields: Partial<BetRow>): BetRow =>
      ({
        id: '00000000-0000-7000-8000-000000000001',
        userId: '00000000-0000-7000-8000-000000000000',
        kind: 'bet',
        sport: 'football',
        event: 'Chiefs vs Bills',
        betType: 'moneyline',
        odds: '+138',
        decimalOdds: 2.375,
        stake: 20,
        profit: 0,
        outcome: 'pending',
        notes: null,
        date: '2025-03-10',
        book: 'FanDuel',
        league: 'NFL',
        tags: ['live', 'model'],
        closingOdds: '+120',
        bonusBet: true,
        cashOutAmount: null,
        ...fields,
      }) as BetRow;

    it('fills the edit form with odds that keep the price: the bettor’s format when exact, else the decimal typed', () => {
      expect(betFormFrom(row({}), 'decimal').odds).to.equal('2.375');
      expect(betFormFrom(row({}), 'american').odds).to.equal('2.375');
      expect(betFormFrom(row({ odds: '+150', decimalOdds: 2.5 }), 'decimal').odds).to.equal('2.50');
      expect(betFormFrom(row({ odds: '+150', decimalOdds: 2.5 }), 'fractional').odds).to.equal('3/2');
      expect(betFormFrom(row({ odds: '-110', decimalOdds: 1.9091 }), 'decimal').odds).to.equal('-110');
    });

    it('fills book, league, tags, closing odds and the bonus flag; rows from before them read blank', () => {
      expect(betFormFrom(row({}))).to.deep.include({
        book: 'FanDuel',
        league: 'NFL',
        tags: 'live, model',
        closingOdds: '+120',
        bonusBet: true,
      });
      const old = row({}) as Partial<BetRow>;
      for (const key of ['book', 'league', 'tags', 'closingOdds', 'bonusBet', 'cashOutAmount', 'decimalOdds'] as const) delete old[key];
      expect(betFormFrom({ ...(old as BetRow), odds: '-110' })).to.deep.include({
        odds: '-110',
        book: '',
        league: '',
        tags: '',
        closingOdds: '',
        bonusBet: false,
      });
    });
  });
});
