import type { TaxYear } from '@bt/contracts';
import styled from 'styled-components';
import { ProfitText } from '../../../components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { EmptyText } from '../../../components/page';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatMoney, formatProfit } from '../../../lib/format';
import { bookLabel } from '../lib/tax-year-view';
import { ReportTable, TableScroll } from './report-table';

/* Two figures a row on phones, four from 1,024 px (and on paper). */
const Figures = styled.dl`
  margin: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: 1024px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media print {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  div {
    padding: 14px 16px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
  }
  dt {
    font-size: 0.875rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 750;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  dd + dd {
    font-size: 0.8125rem;
    font-weight: 500;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The year's four figures: winnings, losses, net result and the losses its rule lets a bettor deduct. */
export function TaxTotals({ year }: { year: TaxYear }) {
  const { totals, rule } = year;
  return (
    <Figures>
      <div>
        <dt>Winnings</dt>
        <dd>{formatMoney(totals.winnings)}</dd>
      </div>
      <div>
        <dt>Losses</dt>
        <dd>{formatMoney(totals.losses)}</dd>
      </div>
      <div>
        <dt>Net result</dt>
        <dd>
          <ProfitText $value={totals.net}>{formatProfit(totals.net)}</ProfitText>
        </dd>
      </div>
      <div>
        <dt>Deductible losses</dt>
        <dd>{formatMoney(totals.deductibleLosses)}</dd>
        <dd>{rule.lossPercent === 90 ? '90% of losses, up to winnings' : 'Losses up to winnings'}</dd>
      </div>
    </Figures>
  );
}

/** Per book: settled wagers, winnings, losses and net result, with the year's totals in the footer. */
export function TaxBooks({ year }: { year: TaxYear }) {
  const label = `Winnings and losses by book, ${year.year}`;
  return (
    <Card aria-labelledby="tax-books-title">
      <CardHeader>
        <CardTitle id="tax-books-title">By book</CardTitle>
      </CardHeader>
      <CardContent>
        {year.books.length === 0 ? (
          <EmptyText>No settled wagers dated {year.year}.</EmptyText>
        ) : (
          <TableScroll role="region" aria-label={label} tabIndex={0}>
            <ReportTable>
              <caption>
                <VisuallyHidden>{label}</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Book</th>
                  <th scope="col" className="numeric">
                    Wagers
                  </th>
                  <th scope="col" className="numeric">
                    Winnings
                  </th>
                  <th scope="col" className="numeric">
                    Losses
                  </th>
                  <th scope="col" className="numeric">
                    Net
                  </th>
                </tr>
              </thead>
              <tbody>
                {year.books.map((row) => (
                  <tr key={row.book ?? ''}>
                    <th scope="row" className="wrap">
                      {bookLabel(row.book)}
                    </th>
                    <td className="numeric">{row.wagers}</td>
                    <td className="numeric">{formatMoney(row.winnings)}</td>
                    <td className="numeric">{formatMoney(row.losses)}</td>
                    <td className="numeric">
                      <ProfitText $value={row.net}>{formatProfit(row.net)}</ProfitText>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td className="numeric">{year.totals.wagers}</td>
                  <td className="numeric">{formatMoney(year.totals.winnings)}</td>
                  <td className="numeric">{formatMoney(year.totals.losses)}</td>
                  <td className="numeric">
                    <ProfitText $value={year.totals.net}>{formatProfit(year.totals.net)}</ProfitText>
                  </td>
                </tr>
              </tfoot>
            </ReportTable>
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
