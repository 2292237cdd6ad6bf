import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useTimeTravel } from '../../../lib/as-of';
import { formatDate, formatMoney } from '../../../lib/format';
import { useGetBankrollQuery } from '../api/bankroll-api';

const Amount = styled.p`
  display: flex;
  flex-direction: column;
  line-height: 1.15;
  font-variant-numeric: tabular-nums;
`;

const Label = styled.span`
  font-size: 0.6875rem;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled.span`
  font-weight: 700;
`;

/**
 * The bankroll in dollars with 2 decimals; $0.00 when there is none yet. While the page shows a
 * past day (`?asOf=`), the balance as of then in the page's reading. Until it is known (loading,
 * or the read failed) a dash stands in: a made-up $0.00 would read as an empty bankroll.
 */
export function BankrollAmount() {
  const { past } = useTimeTravel();
  // currentData: another day's balance is never shown under this one.
  const { currentData: data, error } = useGetBankrollQuery(past);
  const state = data !== undefined ? null : error === undefined ? 'Loading' : 'Could not load your bankroll';
  return (
    <Amount aria-busy={state === 'Loading'}>
      <Label>{past ? `Bankroll on ${formatDate(past.day)}` : 'Bankroll'}</Label>
      {state === null ? (
        <Value>{formatMoney(data?.amount ?? 0)}</Value>
      ) : (
        <Value title={state} data-placeholder="">
          <span aria-hidden="true">$ —</span>
          <VisuallyHidden>{state}</VisuallyHidden>
        </Value>
      )}
    </Amount>
  );
}
