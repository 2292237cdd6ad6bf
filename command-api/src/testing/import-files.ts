import { stringify } from 'csv-stringify/sync';

/** The CSV text of these rows. */
export const csv = (rows: string[][]) => stringify(rows);

/** The header of the import tests' files: our export's first columns. */
export const header = ['date', 'sport', 'event', 'betType', 'odds', 'stake', 'outcome', 'notes'];

/** Three good rows: two alike (both imported) and a pending one. */
export const goodFile = csv([
  header,
  ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
  ['2025-03-01', 'basketball', 'Lakers @ Celtics', 'spread', '-110', '50', 'win', ''],
  ['2025-03-02', 'hockey', 'Leafs @ Habs', 'moneyline', '+130', '20', '', 'gut feeling, again'],
]);
