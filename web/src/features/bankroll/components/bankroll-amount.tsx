import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatMoney } from '../../../lib/format';
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
 * The bankroll in dollars with 2 decimals; $0.00 when there is none yet. Until it is known (loading,
 * or the read failed) a dash stands in: a made-up $0.00 would read as an empty bankroll.
 */
export function BankrollAmount() {
  const { data, error } = useGetBankrollQuery();
  const state = data !== undefined ? null : error === undefined ? 'Loading' : 'Could not load your bankroll';
  return (
    <Amount aria-busy={state === 'Loading'}>
      <Label>Bankroll</Label>
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
