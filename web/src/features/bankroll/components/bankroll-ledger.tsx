import type { BankrollEntry, BankrollLedger } from '@bt/contracts';
import styled from 'styled-components';
import { Badge, ProfitText } from '../../../components/badge';
import { Button } from '../../../components/button';
import { EmptyText } from '../../../components/page';
import { isHttpError, serverMessageOr } from '../../../lib/api-error';
import { formatDateTime, formatMoney, formatProfit } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUndoBankrollEntryMutation } from '../api/bankroll-api';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.li<{ $undone: boolean }>`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  opacity: ${({ $undone }) => ($undone ? 0.7 : 1)};
  .amount {
    text-decoration: ${({ $undone }) => ($undone ? 'line-through' : 'none')};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    font-weight: 700;
  }
`;

const Main = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Meta = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Right = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
`;

const UndoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
`;

const KIND_LABELS: Record<BankrollEntry['kind'], string> = { deposit: 'Deposit', withdrawal: 'Withdrawal', adjustment: 'Adjustment' };

/** What an entry did, in words: "Deposit of $100.00", "Adjustment of -$9.50". */
const describe = (entry: BankrollEntry): string =>
  entry.kind === 'adjustment' ? `adjustment of ${formatProfit(entry.amount)}` : `${entry.kind} of ${formatMoney(Math.abs(entry.amount))}`;

/**
 * The ledger, newest first: each entry's kind, time, note and change to the balance (an adjustment
 * with the balance counted); undone entries stay, struck through. "Undo last entry" undoes the
 * newest entry that counts, on the ledger as shown (a 409 when it changed meanwhile).
 */
export function BankrollLedgerList({ ledger }: { ledger: BankrollLedger }) {
  const [undo, { isLoading }] = useUndoBankrollEntryMutation();
  const last = ledger.entries.find((e) => e.undoneAt === null);

  const onUndo = async () => {
    try {
      const answer = await undo(ledger.version).unwrap();
      toast({ title: answer.message, description: `Undid the ${describe(answer.entry)}` });
    } catch (failure) {
      const description =
        isHttpError(failure) && failure.status === 409
          ? 'The ledger changed since it was shown; it has been refreshed. Check it and undo again.'
          : serverMessageOr(failure, 'Failed to update bankroll. Please try again.');
      toast({ variant: 'destructive', title: 'Nothing undone', description });
    }
  };

  if (ledger.entries.length === 0) return <EmptyText>No deposits, withdrawals or adjustments yet.</EmptyText>;
  return (
    <>
      <UndoRow>
        <Meta>{last ? `Last entry: ${describe(last)}` : 'Every entry has been undone.'}</Meta>
        {last && (
          <Button variant="outline" size="sm" onClick={onUndo} disabled={isLoading}>
            {isLoading ? 'Undoing...' : 'Undo last entry'}
          </Button>
        )}
      </UndoRow>
      <List aria-label="Ledger">
        {ledger.entries.map((entry) => (
          <Item key={entry.revision} $undone={entry.undoneAt !== null}>
            <Main>
              <strong>{KIND_LABELS[entry.kind]}</strong>
              <Meta>
                {formatDateTime(entry.at)}
                {entry.countedBalance !== null && ` · counted ${formatMoney(entry.countedBalance)}`}
              </Meta>
              {entry.note && <Meta>{entry.note}</Meta>}
            </Main>
            <Right>
              <ProfitText className="amount" $value={entry.amount}>
                {formatProfit(entry.amount)}
              </ProfitText>
              {entry.undoneAt !== null && <Badge $tone="neutral">Undone</Badge>}
            </Right>
          </Item>
        ))}
      </List>
    </>
  );
}
