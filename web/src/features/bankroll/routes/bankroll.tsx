import styled from 'styled-components';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { PageContainer, PageHeader } from '../../../components/page';
import { QueryError, queryView } from '../../../components/query-error';
import { Skeleton } from '../../../components/skeleton';
import { formatMoney } from '../../../lib/format';
import { useGetBankrollLedgerQuery, useGetBankrollQuery } from '../api/bankroll-api';
import { BankrollEntryForm } from '../components/bankroll-entry-form';
import { BankrollLedgerList } from '../components/bankroll-ledger';

const Figures = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  div {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** /bankroll: the balance split into what is at risk (pending stakes) and what is available, a new entry, and the ledger. */
export function BankrollRoute() {
  const bankroll = useGetBankrollQuery(undefined);
  const ledger = useGetBankrollLedgerQuery();
  return (
    <PageContainer>
      <PageHeader title="Bankroll" subtitle="Deposits, withdrawals and corrections to the balance you counted, with what is at risk." />
      <Card aria-labelledby="bankroll-balance">
        <CardHeader>
          <CardTitle id="bankroll-balance">Balance</CardTitle>
          <CardDescription>
            Deposits − withdrawals ± adjustments + settled profit. At risk: the stakes of pending bets and parlays.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {queryView({ data: bankroll.data, error: bankroll.error }) === 'error' ? (
            <QueryError what="your bankroll" error={bankroll.error} onRetry={bankroll.refetch} retrying={bankroll.isFetching} />
          ) : !bankroll.data ? (
            <Skeleton $height="56px" />
          ) : (
            <Figures aria-label="Bankroll figures">
              <div>
                <dt>Balance</dt>
                <dd>{formatMoney(bankroll.data.amount)}</dd>
              </div>
              <div>
                <dt>At risk</dt>
                <dd>{formatMoney(bankroll.data.atRisk)}</dd>
              </div>
              <div>
                <dt>Available</dt>
                <dd>{formatMoney(bankroll.data.available)}</dd>
              </div>
            </Figures>
          )}
        </CardContent>
      </Card>
      <Card aria-labelledby="bankroll-new">
        <CardHeader>
          <CardTitle id="bankroll-new">New entry</CardTitle>
        </CardHeader>
        <CardContent>
          <BankrollEntryForm version={ledger.data?.version ?? null} />
        </CardContent>
      </Card>
      <Card aria-labelledby="bankroll-ledger">
        <CardHeader>
          <CardTitle id="bankroll-ledger">Ledger</CardTitle>
          <CardDescription>Newest first. An undone entry stays here, struck through, and no longer counts.</CardDescription>
        </CardHeader>
        <CardContent>
          {queryView({ data: ledger.data, error: ledger.error }) === 'error' ? (
            <QueryError what="your ledger" error={ledger.error} onRetry={ledger.refetch} retrying={ledger.isFetching} />
          ) : !ledger.data ? (
            <Skeleton $height="120px" />
          ) : (
            <BankrollLedgerList ledger={ledger.data} />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
