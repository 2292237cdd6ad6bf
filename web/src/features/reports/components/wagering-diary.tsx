import type { TaxDiary } from '@bt/contracts';
import { OutcomeBadge } from '../../../components/badge';
import { EmptyText } from '../../../components/page';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { diaryCells } from '../lib/tax-year-view';
import { CellNote, ReportTable, TableScroll } from './report-table';

/** Every wager of the year, oldest first: what, where, how it settled, and when it was recorded here. */
export function WageringDiary({ diary }: { diary: TaxDiary }) {
  if (diary.wagers.length === 0) return <EmptyText>No wagers dated {diary.year}.</EmptyText>;
  const label = `Wagering diary, ${diary.year}`;
  return (
    <TableScroll role="region" aria-label={label} tabIndex={0}>
      <ReportTable>
        <caption>
          <VisuallyHidden>{label}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Book</th>
            <th scope="col">Wager</th>
            <th scope="col" className="numeric">
              Stake
            </th>
            <th scope="col">Outcome</th>
            <th scope="col" className="numeric">
              Winnings
            </th>
            <th scope="col" className="numeric">
              Loss
            </th>
            <th scope="col">Recorded</th>
          </tr>
        </thead>
        <tbody>
          {diary.wagers.map((entry) => {
            const cells = diaryCells(entry);
            return (
              <tr key={entry.id}>
                <td>{cells.date}</td>
                <td className="wrap">{cells.book}</td>
                <td className="wrap">
                  {cells.wager}
                  <CellNote>{cells.kind}</CellNote>
                </td>
                <td className="numeric">{cells.stake}</td>
                <td>
                  <OutcomeBadge outcome={entry.outcome} />
                  {cells.cashOut && <CellNote>{cells.cashOut}</CellNote>}
                </td>
                <td className="numeric">{cells.winnings}</td>
                <td className="numeric">{cells.loss}</td>
                <td>{cells.recorded}</td>
              </tr>
            );
          })}
        </tbody>
      </ReportTable>
    </TableScroll>
  );
}
