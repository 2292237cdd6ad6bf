import { expect } from 'chai';
import { completeMapping, headerSetKey, mappingOfColumns, MESSAGES, type CsvMapping } from '@bt/contracts';
import { USER, OTHER_USER } from '../testing/decider-spec';
import { planImport, plannedRows, type CsvText } from './import-plan';

/** The plan, with every row in its preview. */
const planOf = (text: CsvText, userId: string, mapping?: CsvMapping) => planImport(text, userId, { mapping }, 100);

const header = 'date,sport,event,betType,odds,stake,outcome';
const line = 'Lakers @ Celtics';
const file = [
  header,
  `2025-03-01,basketball,${line},spread,-110,50,win`,
  `2025-03-01,basketball,${line},spread,-110,50,win`,
  `2025-03-02,hockey,Leafs @ Habs,moneyline,+130,20,`,
].join('\n');

describe('planning a CSV import', () => {
  it('plans every row with an id derived from the user, the row and its occurrence', async () => {
    const plan = await planOf(file, USER);
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.preview.map((r) => r.row)).to.deep.equal([2, 3, 4]);
    const ids = plan.preview.map((r) => r.ids[0].id);
    expect(new Set(ids).size, 'two identical rows are two bets').to.equal(3);
    const again = await planOf(file, USER);
    expect(again.ok && again.preview.map((r) => r.ids[0].id)).to.deep.equal(ids);
    const other = await planOf(file, OTHER_USER);
    expect(other.ok && other.preview[0].ids[0].id).to.not.equal(ids[0]);
  });

  it('fails the whole file with every bad row numbered as a spreadsheet shows it', async () => {
    const plan = await planOf(
      [
        header,
        '2025-03-01,basketball,A,spread,-110,50,win',
        '2025-03-01,basketball,B,spread,-50,50,win',
        ',,,,,,',
        '2025-03-01,basketball,C,spread,-110,0,win',
      ].join('\n'),
      USER,
    );
    expect(plan.ok).to.equal(false);
    expect(!plan.ok && plan.errors).to.deep.equal([
      { row: 3, message: MESSAGES.americanOddsRange },
      { row: 5, message: MESSAGES.stakePositive },
    ]);
    // The rows that read well are kept for the preview (?dryRun=1), never imported.
    expect(!plan.ok && plan.preview?.map((r) => r.row)).to.deep.equal([2]);
  });

  it('tries a row’s own UUID first (the user’s own export), then one derived from it', async () => {
    const id = '0190a000-0000-7000-8000-0000000000aa';
    const plan = await planOf(`id,${header}\n${id},2025-03-01,basketball,A,spread,-110,50,win`, USER);
    expect(plan.ok && plan.preview[0].ids.map((c) => c.ownerCheck)).to.deep.equal([true, false]);
    expect(plan.ok && plan.preview[0].ids[0].id).to.equal(id);
  });

  it('reads a selection column into the event, and keeps the ids of files without one', async () => {
    const plan = await planOf('Match,Pick,date,sport,betType,odds,stake\nA @ B,A,2025-03-01,basketball,moneyline,-110,50', USER, {
      event: 'Match',
      selection: 'Pick',
    });
    expect(plan.ok && plan.preview[0].value.body).to.include({ event: 'A @ B: A' });
    expect(plan.ok && plan.reading.columns.map((c) => c.field)).to.deep.equal([
      'event',
      'selection',
      'date',
      'sport',
      'betType',
      'odds',
      'stake',
    ]);
  });

  it('refuses an empty file, a file without a header row, and broken CSV', async () => {
    expect(await planOf('', USER)).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] });
    expect(await planOf(header, USER)).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] });
    expect(await planOf('2025-03-01,A @ B,-110,50\n2025-03-02,C @ D,+120,20', USER)).to.deep.equal({
      ok: false,
      errors: [{ row: 1, message: MESSAGES.csvNoHeader }],
    });
    const broken = await planOf(`${header}\n2025-03-01,"basketball,A`, USER);
    expect(broken.ok).to.equal(false);
  });

  it('reads a file that arrives in pieces (a quoted field, a line, a character split) as it reads it whole', async () => {
    const text = `${header},notes\n2025-03-01,basketball,A,spread,-110,50,win,"a ""quoted"",\nnote"\n2025-03-02,hockey,Leafs @ Habs,moneyline,+130,20,,é`;
    const pieces = async function* () {
      for (let i = 0; i < text.length; i += 3) yield text.slice(i, i + 3);
    };
    const whole = await planOf(text, USER);
    expect(await planOf(pieces(), USER)).to.deep.equal(whole);
    const again = [];
    for await (const row of plannedRows(pieces(), USER)) again.push(row);
    expect(whole.ok && whole.preview).to.deep.equal(again);
    expect(again[0].value.body).to.include({ notes: 'a "quoted",\nnote' });
  });

  it('reads line endings mixed within one file (CRLF, LF, CR), also split between pieces, and keeps a quoted one in its cell', async () => {
    const rows = [
      '2025-03-01,basketball,A,spread,-110,50,win,"two\r\nlines"',
      '2025-03-02,hockey,B,moneyline,+130,20,loss,',
      '2025-03-03,soccer,C,moneyline,+200,10,push,',
    ];
    // A header saved by one program (CRLF), rows appended by another (LF), an old Mac line (CR).
    const text = `${header},notes\r\n${rows[0]}\n${rows[1]}\r${rows[2]}\r\n`;
    const plan = await planOf(text, USER);
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.preview.map((r) => [r.row, r.value.body.outcome, r.value.body.notes])).to.deep.equal([
      [2, 'win', 'two\r\nlines'],
      [3, 'loss', null],
      [4, 'push', null],
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const pieces = [text.slice(0, cut), text.slice(cut)];
      expect(await planOf(pieces, USER), `split at ${cut}`).to.deep.equal(plan);
    }
  });

  it('reads a header none of whose columns it knows, asking for them to be chosen, and offers its columns', async () =>
    expect(await planOf('a,b\n1,2', USER)).to.deep.equal({
      ok: false,
      errors: [{ row: 1, message: MESSAGES.csvNothingRead }],
      reading: {
        format: 'csv',
        remembered: false,
        columns: [
          { header: 'a', field: null },
          { header: 'b', field: null },
        ],
      },
    }));

  it('guesses another tracker’s columns, and imports a file without sport or bet type as Other, typed by its event', async () => {
    const plan = await planOf('When,Game,Price,Risked,Book,Result\n3/1/2025,Bills @ Jets Over 41.5,-110,$20.00,DK,Won', USER);
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.reading.columns.map((c) => c.field)).to.deep.equal(['date', 'event', 'odds', 'stake', 'book', 'outcome']);
    expect(plan.preview[0].value.body).to.include({ sport: 'other', betType: 'total', date: '2025-03-01', stake: 20, outcome: 'win' });
  });

  it('reads a file by the mapping remembered for its headers, and remembers a mapping sent that reads it otherwise', async () => {
    const text = 'When,Game,Category,Price,Risked\n3/1/2025,A @ B,spread,-110,20';
    const key = headerSetKey(['When', 'Game', 'Category', 'Price', 'Risked']);
    const guessed = await planOf(text, USER);
    expect(guessed.reading?.columns.map((c) => c.field)).to.deep.equal(['date', 'event', null, 'odds', 'stake']);
    expect(guessed.reading).to.include({ remembered: false }).and.not.have.property('toRemember');

    const sent = { ...completeMapping({}), date: 'When', event: 'Game', betType: 'Category', odds: 'Price', stake: 'Risked' };
    const mapped = await planOf(text, USER, sent);
    expect(mapped.reading?.toRemember).to.deep.equal({
      headers: key,
      mapping: { date: 'When', event: 'Game', betType: 'Category', odds: 'Price', stake: 'Risked' },
    });
    // The guess sent back as it is: nothing to remember.
    expect((await planOf(text, USER, mappingOfColumns(guessed.reading!.columns))).reading).to.not.have.property('toRemember');

    const remembered = new Map([[key, mapped.reading!.toRemember!.mapping]]);
    const recalled = await planImport(text, USER, { remembered }, 10);
    expect(recalled.reading).to.include({ remembered: true });
    expect(recalled.reading?.columns.map((c) => c.field)).to.deep.equal(['date', 'event', 'betType', 'odds', 'stake']);
    expect(recalled.ok && recalled.preview[0].value.body).to.include({ betType: 'spread' });
    // A mapping sent wins over the remembered one.
    const overridden = await planImport(text, USER, { mapping: mappingOfColumns(guessed.reading!.columns), remembered }, 10);
    expect(overridden.reading?.columns[2].field).to.equal(null);
    expect(overridden.reading?.toRemember?.mapping).to.not.have.property('betType');
  });

  it('names a mapped header the file lacks, with its columns', async () => {
    const plan = await planOf('Game,Price,Risked\nA @ B,-110,20', USER, { stake: 'Wager' });
    expect(!plan.ok && plan.errors).to.deep.equal([{ row: 1, message: MESSAGES.csvMappedHeaderMissing('stake', 'Wager') }]);
    expect(plan.reading?.columns.map((c) => c.field)).to.deep.equal(['event', 'odds', null]);
  });

  it('keeps only the preview it is asked for, and counts every row', async () => {
    const plan = await planImport(file, USER, undefined, 2);
    expect(plan.ok && [plan.rowCount, plan.preview.length]).to.deep.equal([3, 2]);
    expect((await planImport(file, USER)).preview).to.deep.equal([]);
  });
});
