import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { importAction, importedToast, previewCounts, refusedReport, rowsSentence } from './import-report';

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

  describe('the preview', () => {
    const counts = { rowCount: 18, newRows: 12, alreadyImported: 6, toUpdate: 0, errors: [] };

    it('says how many rows are new and how many were imported before', () => {
      expect(previewCounts({ ...counts, newRows: 0, alreadyImported: 18 })).to.equal('18 rows: 0 new, 18 already imported');
      expect(previewCounts({ ...counts, rowCount: 1, newRows: 1, alreadyImported: 0 })).to.equal('1 row: 1 new, 0 already imported');
      expect(previewCounts({ ...counts, newRows: 10, toUpdate: 2 })).to.equal('18 rows: 10 new, 6 already imported, 2 to update');
    });

    it('names the button by what it will do, and disables it when there is nothing to do', () => {
      expect(importAction(counts)).to.deep.equal({ label: 'Import 12 new bets', enabled: true });
      expect(importAction({ ...counts, newRows: 1 })).to.deep.equal({ label: 'Import 1 new bet', enabled: true });
      expect(importAction({ ...counts, toUpdate: 2 })).to.deep.equal({ label: 'Import 12 new bets and update 2', enabled: true });
      expect(importAction({ ...counts, newRows: 0, toUpdate: 1 })).to.deep.equal({ label: 'Update 1 bet', enabled: true });
      expect(importAction({ ...counts, newRows: 0, alreadyImported: 18 })).to.deep.equal({
        label: 'Nothing new to import',
        enabled: false,
      });
      expect(importAction({ ...counts, errors: [{ row: 2, message: MESSAGES.stakePositive }] })).to.deep.equal({
        label: 'Import',
        enabled: false,
      });
      expect(importAction(null)).to.deep.equal({ label: 'Import', enabled: true });
    });
  });
});
