import { expect } from 'chai';
import { MESSAGES } from './messages';
import { betRowToCsv, csvCells, csvMapping, csvRowToImport, type CsvRecord } from './csv';
import { readCsvHeader } from './csv-columns';
import { CSV_COLUMNS } from './enums';
import type { BetRow } from './responses';

const blank = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as CsvRecord;
const row = (cells: Partial<CsvRecord>): CsvRecord => ({ ...blank, ...cells });
const bet = { sport: 'basketball', event: 'Lakers @ Celtics', betType: 'spread', odds: '-110', stake: '50' };
/** A history row's fields beyond the spec, all empty. */
const noTerms = {
  league: null,
  closingOdds: null,
  startsAt: null,
  book: null,
  tags: [],
  clv: null,
  bonusBet: false,
  cashOutAmount: null,
  unitSize: null,
  units: null,
  profitUnits: null,
};

describe('bet CSV', () => {
  it('exports a history row in the column order, money with 2 decimals and a parlay’s legs as JSON', () => {
    const parlayRow: BetRow = {
      id: '0190a000-0000-7000-8000-000000000001',
      userId: '0190a000-0000-7000-8000-000000000002',
      kind: 'parlay',
      sport: 'parlay',
      event: 'Sunday',
      betType: 'parlay',
      odds: '+264',
      stake: 10,
      profit: 26.4,
      outcome: 'win',
      notes: null,
      date: '2025-03-01',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
      parlayId: null,
      isPartOfParlay: false,
      legCount: 2,
      version: 1,
      ...noTerms,
      decimalOdds: 3.6364,
    };
    const legs = [
      { sport: 'football' as const, event: 'A', selection: 'A', odds: '+100', date: '2025-03-01', outcome: 'win' as const },
      { sport: 'football' as const, event: 'B', selection: 'B', odds: '-110', date: '2025-03-01', outcome: 'win' as const },
    ];
    const record = betRowToCsv(parlayRow, legs);
    expect(Object.keys(record)).to.deep.equal([...CSV_COLUMNS]);
    expect(record).to.include({ kind: 'parlay', stake: '10.00', profit: '26.40', notes: '' });
    expect(JSON.parse(record.legs)).to.deep.equal(legs);
  });

  it('finds columns by name regardless of case and spacing, or by the mapping', () => {
    const found = readCsvHeader(['Date', 'Bet Type', 'Match', 'Wager'], { event: 'match', stake: 'Wager' });
    expect(found).to.deep.equal({ columns: { date: 0, betType: 1, event: 2, stake: 3 } });
    expect(csvCells([' 2025-03-01 ', 'spread', 'X', '5'], found.columns)).to.include({
      date: '2025-03-01',
      stake: '5',
    });
  });

  it('accepts only our column names as mapping keys', () => {
    expect(csvMapping.safeParse({ stake: 'Wager' }).success).to.equal(true);
    expect(csvMapping.safeParse({ wager: 'Wager' }).success).to.equal(false);
    expect(csvMapping.safeParse([1]).success).to.equal(false);
  });

  it('turns a bet row into the POST /api/bets body, with other trackers’ words for our values', () => {
    const result = csvRowToImport(row({ ...bet, sport: 'NBA', betType: 'ML', outcome: 'Won', stake: '$1,250.00', date: '3/7/2025' }));
    expect(result).to.deep.equal({
      ok: true,
      value: {
        kind: 'bet',
        body: {
          sport: 'basketball',
          event: 'Lakers @ Celtics',
          betType: 'moneyline',
          stake: 1250,
          odds: '-110',
          outcome: 'win',
          notes: null,
          date: '2025-03-07',
        },
      },
    });
  });

  it('keeps a sport we do not list as other, and a blank outcome as pending', () => {
    const result = csvRowToImport(row({ ...bet, sport: 'Cricket' }));
    expect(result.ok && result.value.body).to.include({ sport: 'other', outcome: 'pending' });
    expect(result.ok && result.warning).to.equal(MESSAGES.csvUnknownSport('Cricket'));
    expect(csvRowToImport(row({ ...bet, sport: 'NBA' }))).to.not.have.property('warning');
  });

  it('quotes at most 40 characters of an unknown sport in its warning', () => {
    const long = `${'🏏'.repeat(39)}xyz`;
    const result = csvRowToImport(row({ ...bet, sport: long }));
    expect(result.ok && result.warning).to.equal(`Sport "${'🏏'.repeat(39)}x…" is not one we track: imported as Other`);
  });

  it('answers the forms’ messages for bad cells', () => {
    expect(csvRowToImport(row({ ...bet, stake: '0' }))).to.deep.equal({ ok: false, message: MESSAGES.stakePositive });
    expect(csvRowToImport(row({ ...bet, odds: '2,5' }))).to.deep.equal({ ok: false, message: MESSAGES.oddsFormat });
    expect(csvRowToImport(row({ ...bet, sport: '' }))).to.deep.equal({ ok: false, message: MESSAGES.sportRequired });
    expect(csvRowToImport(row({ ...bet, kind: 'teaser' }))).to.deep.equal({ ok: false, message: MESSAGES.csvBadKind });
  });

  it('turns a parlay row with legs JSON into the POST /api/parlays body', () => {
    const legs = [
      { sport: 'football', event: 'A', selection: 'A', odds: '+100', outcome: 'win' },
      { sport: 'hockey', event: 'B', selection: 'B', odds: '-110', outcome: 'pending' },
    ];
    const result = csvRowToImport(row({ kind: 'parlay', event: 'Sunday', stake: '10', outcome: 'pending', legs: JSON.stringify(legs) }));
    expect(result.ok && result.value.kind).to.equal('parlay');
    expect(result.ok && result.value.body).to.deep.include({ name: 'Sunday', stake: 10 });
  });

  it('answers a clear message for legs that are not JSON, and the parlay messages for too few legs', () => {
    expect(csvRowToImport(row({ kind: 'parlay', stake: '10', legs: '[oops' }))).to.deep.equal({ ok: false, message: MESSAGES.csvBadLegs });
    expect(csvRowToImport(row({ kind: 'parlay', stake: '10', legs: '[]' }))).to.deep.equal({ ok: false, message: MESSAGES.parlayMinLegs });
  });

  describe('formula injection', () => {
    const betRow: BetRow = {
      id: '0190a000-0000-7000-8000-000000000003',
      userId: '0190a000-0000-7000-8000-000000000002',
      kind: 'bet',
      sport: 'football',
      event: '=HYPERLINK("http://evil.example","x")',
      betType: 'moneyline',
      odds: '-110',
      stake: 55,
      profit: -55,
      outcome: 'loss',
      notes: "=cmd|' /C calc'!A0",
      date: '2025-03-01',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
      parlayId: null,
      isPartOfParlay: false,
      legCount: null,
      ...noTerms,
      decimalOdds: 1.9091,
      version: 1,
    };

    it('prefixes text cells that a spreadsheet would run, and leaves numbers and odds as they are', () => {
      const record = betRowToCsv(betRow);
      expect(record.event).to.equal(`'${betRow.event}`);
      expect(record.notes).to.equal(`'${betRow.notes}`);
      expect(record).to.include({ odds: '-110', stake: '55.00', profit: '-55.00' });
      for (const text of ['+1 unit', '-EV', '@home', '\tx', '\rx'])
        expect(betRowToCsv({ ...betRow, event: text }).event).to.equal(`'${text}`);
      for (const text of ['Jets @ Bills', 'a=b', "it's"]) expect(betRowToCsv({ ...betRow, event: text }).event).to.equal(text);
      expect(betRowToCsv({ ...betRow, odds: '+150' }).odds).to.equal('+150');
    });

    it('gives back the original text when our own export is imported', () => {
      for (const text of ['=1+1', "'=1+1", "''@x", "'quoted", 'plain', '-5 units']) {
        const exported = betRowToCsv({ ...betRow, event: text, notes: text });
        const cells = csvCells(
          CSV_COLUMNS.map((c) => exported[c]),
          Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, i])),
        );
        expect([cells.event, cells.notes], text).to.deep.equal([text, text]);
      }
    });
  });
});
