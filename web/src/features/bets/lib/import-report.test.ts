import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { importedToast, refusedReport, rowsSentence } from './import-report';

describe('import report', () => {
  it('names rows as "Row n: message", the first three in a toast and how many more', () => {
    const rows = [2, 3, 4, 5, 6].map((row) => ({ row, message: MESSAGES.stakePositive }));
    expect(rowsSentence(rows.slice(0, 1))).to.equal(`Row 2: ${MESSAGES.stakePositive}.`);
    expect(rowsSentence(rows)).to.equal(
      `Row 2: ${MESSAGES.stakePositive}; Row 3: ${MESSAGES.stakePositive}; Row 4: ${MESSAGES.stakePositive}; and 2 more rows.`,
    );
  });

  it('adds the rows imported with a warning to the summary', () => {
    const warning = { row: 3, message: MESSAGES.csvUnknownSport('Cricket') };
    expect(importedToast({ imported: 2, skipped: 0, amended: 0, errors: [], warnings: [] })).to.equal('2 bets imported, 0 skipped.');
    expect(importedToast({ imported: 1, skipped: 0, amended: 0, errors: [], warnings: [warning] })).to.equal(
      `1 bet imported, 0 skipped. Row 3: ${MESSAGES.csvUnknownSport('Cricket')}.`,
    );
  });

  it('reads the report of a refused import, and nothing else', () => {
    const refused = { imported: 0, skipped: 0, amended: 0, errors: [{ row: 3, message: MESSAGES.stakePositive }], warnings: [] };
    expect(refusedReport(refused)).to.deep.equal(refused);
    expect(refusedReport({ message: 'Unauthorized' })).to.equal(undefined);
    expect(refusedReport(undefined)).to.equal(undefined);
  });
});
