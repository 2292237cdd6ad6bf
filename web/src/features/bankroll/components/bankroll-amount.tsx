import styled from 'styled-components';
import { formatMoney } from '../../../lib/format';
import { useGetBankrollQuery } from '../api/bankroll-api';

const Amount = styled.p`
  display: flex;
  flex-direction: column;
  line-height: 1.15;
  font-variant-numeric: tabular-nums;
  span:first-child {
    font-size: 0.6875rem;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  span:last-child {
    font-weight: 700;
  }
`;

/** The bankroll in dollars with 2 decimals; $0.00 when there is none yet. */
export function BankrollAmount() {
  const { data } = useGetBankrollQuery();
  return (
    <Amount>
      <span>Bankroll</span>
      <span>{formatMoney(data?.amount ?? 0)}</span>
    </Amount>
  );
}
