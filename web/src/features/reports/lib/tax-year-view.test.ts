import type { TaxDiaryEntry } from '@bt/contracts';
import { expect } from 'chai';
import { bookLabel, diaryCells, diaryFileName, pendingNote, yearChoices, yearFromParams } from './tax-year-view';

const entry = (e: Partial<TaxDiaryEntry>): TaxDiaryEntry => ({
  id: '0190b7a0-0000-7000-8000-000000000001',
  date: '2026-03-15',
  book: 'DraftKings',
  event: 'Chiefs vs Bills',
  betType: 'moneyline',
  stake: 30,
  bonusBet: false,
  outcome: 'cashout',
  cashOutAmount: 12.45,
  winnings: 0,
  loss: 17.55,
  recordedAt: '2026-03-15T21:00:00.000Z',
  ...e,
});

describe('tax year view', () => {
  it('reads the year from the URL when the server takes it, else the current year', () => {
    const year = (query: string) => yearFromParams(new URLSearchParams(query), 2026);
    expect(year('year=2025')).to.equal(2025);
    expect(year('year=1900')).to.equal(1900);
    expect(year('year=2100')).to.equal(2100);
    expect(year('')).to.equal(2026);
    for (const bad of ['year=1899', 'year=2101', 'year=26', 'year=abcd', 'year=2025.0']) expect(year(bad), bad).to.equal(2026);
  });

  it('offers the last ten years, newest first, and the year shown wherever it is', () => {
    expect(yearChoices(2026, 2026)).to.deep.equal([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
    expect(yearChoices(2026, 1999).slice(-2)).to.deep.equal([2017, 1999]);
    expect(yearChoices(2026, 2030)[0]).to.equal(2030);
  });

  it('shows a diary row: a cash-out with its amount, a bonus bet named, pending without figures', () => {
    expect(diaryCells(entry({}))).to.deep.include({
      date: 'Mar 15, 2026',
      book: 'DraftKings',
      kind: 'Moneyline',
      stake: '$30.00',
      outcome: 'Cashed out',
      cashOut: 'for $12.45',
      winnings: '$0.00',
      loss: '$17.55',
    });
    expect(diaryCells(entry({ outcome: 'loss', cashOutAmount: null, bonusBet: true, loss: 0 }))).to.deep.include({
      kind: 'Moneyline, bonus bet',
      outcome: 'Loss',
      cashOut: '',
      loss: '$0.00',
    });
    expect(diaryCells(entry({ outcome: 'pending', cashOutAmount: null, winnings: null, loss: null, book: null }))).to.deep.include({
      book: 'No book',
      outcome: 'Pending',
      winnings: '—',
      loss: '—',
    });
    expect(diaryCells(entry({ betType: 'parlay' })).kind).to.equal('Parlay');
  });

  it('names books, pending wagers and the file', () => {
    expect(bookLabel(null)).to.equal('No book');
    expect(pendingNote(1, 2026)).to.equal('1 pending wager dated 2026 is left out until it settles.');
    expect(pendingNote(3, 2026)).to.equal('3 pending wagers dated 2026 are left out until they settle.');
    expect(diaryFileName(2026)).to.equal('wagering-diary-2026.csv');
  });
});
