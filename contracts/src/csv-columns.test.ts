import { expect } from 'chai';
import { csvRowToImport, type CsvRecord } from './csv';
import {
  columnFields,
  completeMapping,
  fieldsRead,
  guessCsvField,
  headerSetKey,
  isHeaderRow,
  isRememberable,
  mappingOfColumns,
  readCsvHeader,
} from './csv-columns';
import { CSV_COLUMNS } from './enums';
import { MESSAGES } from './messages';

/** The fields a header row is read as, in the file's order (null: not read). */
const fieldsOf = (header: string[], mapping?: Parameters<typeof readCsvHeader>[1]) =>
  columnFields(header, readCsvHeader(header, mapping).columns).map((c) => c.field);

describe('reading an imported file’s header row', () => {
  describe('guessing what a column holds', () => {
    it('given another tracker’s names, when guessed, then each is one of our fields', () => {
      const guesses = {
        date: ['When', 'Placed', 'Date', 'Date Placed'],
        event: ['Game', 'Event', 'Match', 'Matchup'],
        odds: ['Price', 'Odds'],
        stake: ['Risked', 'Stake', 'Wager', 'Amount', 'Risk'],
        book: ['Book', 'Sportsbook', 'Bookmaker'],
        outcome: ['Result', 'Outcome', 'Status', 'W/L'],
        sport: ['Sport'],
        league: ['League'],
        notes: ['Notes', 'Comment'],
        selection: ['Pick'],
        betType: ['Bet Type', 'Market'],
      };
      for (const [field, headers] of Object.entries(guesses))
        for (const header of headers) expect(guessCsvField(header), header).to.equal(field);
    });

    it('given a name in any case or punctuation, when guessed, then it is the same field', () => {
      for (const header of ['RISKED', 'risked', ' Risked ', 'risked:', '"Risked"']) expect(guessCsvField(header), header).to.equal('stake');
      expect(guessCsvField('Sports-Book')).to.equal('book');
      expect(guessCsvField('bet_type')).to.equal('betType');
    });

    it('given a name we do not know, when guessed, then it is no field', () => {
      for (const header of ['Category', 'Units', 'Contest', '', '#']) expect(guessCsvField(header), header).to.equal(null);
    });
  });

  describe('placing the fields', () => {
    it('given the bettor’s header (When, Game, Price, Risked, Book, Result), then every column is read', () =>
      expect(fieldsOf(['When', 'Game', 'Price', 'Risked', 'Book', 'Result'])).to.deep.equal([
        'date',
        'event',
        'odds',
        'stake',
        'book',
        'outcome',
      ]));

    it('given our own names and a synonym of one of them, then our name wins and the synonym is left unread', () => {
      expect(fieldsOf(['Placed', 'date', 'Amount', 'Stake'])).to.deep.equal([null, 'date', null, 'stake']);
      expect(fieldsOf(['Price', 'Odds', 'Notes'])).to.deep.equal([null, 'odds', 'notes']);
    });

    it('given two synonyms of one field, then the first is read', () =>
      expect(fieldsOf(['Wager', 'Risked'])).to.deep.equal(['stake', null]));

    it('given our export’s header, then every column is read by its own name', () =>
      expect(fieldsOf([...CSV_COLUMNS])).to.deep.equal([...CSV_COLUMNS]));

    it('given a mapping, then it wins, its headers are not guessed again, and the other fields are guessed', () =>
      expect(fieldsOf(['When', 'Game', 'Category', 'Price', 'Risked'], { betType: 'category', event: 'When' })).to.deep.equal([
        'event',
        null,
        'betType',
        'odds',
        'stake',
      ]));

    it('given a field mapped to "", then that field is not read, even by its own name', () =>
      expect(fieldsOf(['Sport', 'Game', 'Price'], { sport: '' })).to.deep.equal([null, 'event', 'odds']));

    it('given a mapped header the file lacks, then the error names it and the other columns are still placed', () =>
      expect(readCsvHeader(['Game', 'Price'], { stake: 'Wager' })).to.deep.equal({
        columns: { event: 0, odds: 1 },
        error: MESSAGES.csvMappedHeaderMissing('stake', 'Wager'),
      }));

    it('given names we do not know, then no column is read (and no error: the user maps them)', () =>
      expect(readCsvHeader(['foo', 'bar'])).to.deep.equal({ columns: {} }));
  });

  describe('a header row or a bet', () => {
    it('given names, then it is a header row', () => {
      expect(isHeaderRow(['When', 'Game', 'Price'])).to.equal(true);
      expect(isHeaderRow(['foo', 'bar', ''])).to.equal(true);
      expect(isHeaderRow(['Odds (US)', '2024 Season'])).to.equal(true);
    });

    it('given a bet’s values or nothing, then it is not', () => {
      expect(isHeaderRow(['3/1/2025', 'Lakers @ Celtics', '-110', '$20.00', 'Won'])).to.equal(false);
      expect(isHeaderRow(['2025-03-01 19:30', 'A @ B'])).to.equal(false);
      expect(isHeaderRow(['Lakers', '3/2'])).to.equal(false);
      expect(isHeaderRow(['Lakers', '50'])).to.equal(false);
      expect(isHeaderRow(['', ' '])).to.equal(false);
      expect(isHeaderRow([''])).to.equal(false);
    });
  });

  describe('remembering a mapping per header set', () => {
    it('given the same names in another order or spelling, then the key is the same', () => {
      expect(headerSetKey(['When', 'Game', 'Price'])).to.equal(headerSetKey(['price', 'GAME', 'when ']));
      expect(headerSetKey(['When', 'Game'])).to.not.equal(headerSetKey(['When', 'Game', 'Price']));
    });

    it('given the preview’s columns, then the mapping names every field, the unread ones as ""', () => {
      const mapping = mappingOfColumns([
        { header: 'When', field: 'date' },
        { header: 'Category', field: 'betType' },
        { header: 'Book', field: null },
      ]);
      expect(mapping).to.include({ date: 'When', betType: 'Category', book: '', sport: '' });
      expect(Object.keys(mapping)).to.have.length(CSV_COLUMNS.length + 1);
      expect(fieldsRead(mapping)).to.deep.equal({ date: 'When', betType: 'Category' });
      expect(completeMapping(fieldsRead(mapping))).to.deep.equal(mapping);
      expect(fieldsOf(['When', 'Category', 'Book'], mapping)).to.deep.equal(['date', 'betType', null]);
    });

    it('given a header a Postgres text cannot hold, or a huge header row, then it is not remembered', () => {
      expect(isRememberable(['When', 'Game'])).to.equal(true);
      expect(isRememberable(['When\u0000'])).to.equal(false);
      expect(isRememberable(Array.from({ length: 1_000 }, (_, i) => `column ${i}`))).to.equal(false);
    });
  });
});

describe('importing a row from a file without a sport or bet type column', () => {
  const blank = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as CsvRecord;
  const cells = (event: string): CsvRecord => ({ ...blank, event, odds: '-110', stake: '20', date: '3/1/2025 7:30 PM' });
  const unread = new Set(['sport', 'betType'] as const);

  it('given no sport column, then the bet is Other, with no warning', () => {
    const result = csvRowToImport(cells('Lakers @ Celtics'), unread);
    expect(result).to.deep.include({ ok: true });
    expect(result.ok && result.value.body).to.include({ sport: 'other', betType: 'moneyline', date: '2025-03-01' });
    expect(result).to.not.have.property('warning');
  });

  it('given no bet type column, then it is read from the event: over/under a total, a line a spread', () => {
    const typeOf = (event: string) => {
      const result = csvRowToImport(cells(event), unread);
      return result.ok && result.value.kind === 'bet' ? result.value.body.betType : undefined;
    };
    expect(typeOf('Lakers @ Celtics Over 220.5')).to.equal('total');
    expect(typeOf('Bills -3.5')).to.equal('spread');
    expect(typeOf('Bills ML')).to.equal('moneyline');
  });

  it('given a sport column left blank, then the row still needs its sport', () =>
    expect(csvRowToImport(cells('A @ B'), new Set(['betType'] as const))).to.deep.equal({ ok: false, message: MESSAGES.sportRequired }));
});
