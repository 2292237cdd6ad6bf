import { expect } from 'chai';
import { betFormWithDefaults, emptyBetForm, toWinPreview, validateBetForm } from './bet-form';

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
      },
    });
  });

  it('wants a positive stake and American odds, in the spec words', () => {
    const result = validateBetForm({ ...filled, stake: '', odds: '1.5' });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.stake).to.equal('Stake must be a positive number');
    expect(result.errors.odds).to.equal('Odds must be in American format (e.g., +150, -110)');
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
});
