import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { USER, OTHER_USER } from '../testing/decider-spec';
import { planImport } from './import-plan';

const header = 'date,sport,event,betType,odds,stake,outcome';
const line = 'Lakers @ Celtics';
const file = [
  header,
  `2025-03-01,basketball,${line},spread,-110,50,win`,
  `2025-03-01,basketball,${line},spread,-110,50,win`,
  `2025-03-02,hockey,Leafs @ Habs,moneyline,+130,20,`,
].join('\n');

describe('planning a CSV import', () => {
  it('plans every row with an id derived from the user, the row and its occurrence', () => {
    const plan = planImport(file, USER);
    if (!plan.ok) throw new Error(JSON.stringify(plan.errors));
    expect(plan.rows.map((r) => r.row)).to.deep.equal([2, 3, 4]);
    const ids = plan.rows.map((r) => r.ids[0].id);
    expect(new Set(ids).size, 'two identical rows are two bets').to.equal(3);
    const again = planImport(file, USER);
    expect(again.ok && again.rows.map((r) => r.ids[0].id)).to.deep.equal(ids);
    const other = planImport(file, OTHER_USER);
    expect(other.ok && other.rows[0].ids[0].id).to.not.equal(ids[0]);
  });

  it('fails the whole file with every bad row numbered as a spreadsheet shows it', () => {
    const plan = planImport(
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
    expect(!plan.ok && plan.rows?.map((r) => r.row)).to.deep.equal([2]);
  });

  it('tries a row’s own UUID first (the user’s own export), then one derived from it', () => {
    const id = '0190a000-0000-7000-8000-0000000000aa';
    const plan = planImport(`id,${header}\n${id},2025-03-01,basketball,A,spread,-110,50,win`, USER);
    expect(plan.ok && plan.rows[0].ids.map((c) => c.ownerCheck)).to.deep.equal([true, false]);
    expect(plan.ok && plan.rows[0].ids[0].id).to.equal(id);
  });

  it('reads a selection column into the event, and keeps the ids of files without one', () => {
    const plan = planImport('Match,Pick,date,sport,betType,odds,stake\nA @ B,A,2025-03-01,basketball,moneyline,-110,50', USER, {
      event: 'Match',
      selection: 'Pick',
    });
    expect(plan.ok && plan.rows[0].value.body).to.include({ event: 'A @ B: A' });
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

  it('refuses an empty file, a file without a known header, and broken CSV', () => {
    expect(planImport('', USER)).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] });
    expect(planImport(header, USER)).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] });
    expect(planImport('a,b\n1,2', USER)).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvNoHeader }] });
    const broken = planImport(`${header}\n2025-03-01,"basketball,A`, USER);
    expect(broken.ok).to.equal(false);
  });
});
