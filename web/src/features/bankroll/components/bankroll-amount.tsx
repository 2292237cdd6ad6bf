import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useTimeTravel } from '../../../lib/as-of';
import { formatDate, formatMoney } from '../../../lib/format';
import { useGetBankrollQuery } from '../api/bankroll-api';

const Amount = styled(Link)`
  display: flex;
  flex-direction: column;
  line-height: 1.15;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  white-space: nowrap;
  &:hover span:first-child {
    text-decoration: underline;
  }
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
 * Available and at risk under the balance: "$1,170.00 available · $55.00 at risk" from 1,440 px;
 * narrower, where the header links need the room, only what is at risk shows (both are read out).
 */
const Split = styled.span`
  font-size: 0.6875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  @media (max-width: 1439.98px) {
    .free {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
  }
`;

/**
 * The bankroll in dollars with 2 decimals ($0.00 when there is none yet), with what is available
 * and what is at risk in pending bets; the header's way to the Bankroll page at every width (the
 * user menu has it too: an eighth header link does not fit from 1,024 px). While the page shows a
 * past day (`?asOf=`), the balance as of then in the page's reading. Until it is known (loading, or
 * the read failed) a dash stands in: a made-up $0.00 would read as an empty bankroll.
 */
export function BankrollAmount() {
  const { past } = useTimeTravel();
  // currentData: another day's balance is never shown under this one.
  const { currentData: data, error } = useGetBankrollQuery(past);
  const state = data !== undefined ? null : error === undefined ? 'Loading' : 'Could not load your bankroll';
  return (
    <Amount to="/bankroll" aria-busy={state === 'Loading'} data-testid="header-bankroll">
      <Label>{past ? `Bankroll on ${formatDate(past.day)}` : 'Bankroll'}</Label>
      {state === null ? (
        <>
          <Value>{formatMoney(data?.amount ?? 0)}</Value>
          {data && data.atRisk > 0 && (
            <Split>
              <span className="free">{formatMoney(data.available)} available · </span>
              {formatMoney(data.atRisk)} at risk
            </Split>
          )}
        </>
      ) : (
        <Value title={state} data-placeholder="">
          <span aria-hidden="true">$ —</span>
          <VisuallyHidden>{state}</VisuallyHidden>
        </Value>
      )}
    </Amount>
  );
}
