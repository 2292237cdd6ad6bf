import type { BetRow, Outcome } from '@bt/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { serverMessageOr } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUpdateBetMutation } from '../api/bets-api';
import { settleBody } from '../lib/bet-form';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** A touch target of at least 44 px (WCAG 2.5.5): these are tapped on phones above all. */
const SettleButton = styled(Button)`
  min-height: 44px;
  min-width: 44px;
`;

const SETTLE_OUTCOMES: readonly { outcome: Outcome; label: string }[] = [
  { outcome: 'win', label: 'Win' },
  { outcome: 'loss', label: 'Loss' },
  { outcome: 'push', label: 'Push' },
];

/**
 * Win / Loss / Push for a pending single bet: settles it in one tap, as the edit dialog would save
 * it (same toasts), and only if the bet is still the version shown (If-Match). A 409 shows the
 * server's conflict message; the list refetches either way (the write invalidates it).
 * Nothing for a parlay's row or a settled bet: a parlay is settled through its legs.
 */
export function SettleButtons({ bet }: { bet: BetRow }) {
  const [updateBet] = useUpdateBetMutation();
  const [busy, setBusy] = useState(false);
  if (bet.outcome !== 'pending' || bet.kind === 'parlay') return null;

  const settle = async (outcome: Outcome) => {
    const body = settleBody(bet, outcome);
    if (!body) return;
    setBusy(true);
    try {
      await updateBet({ id: bet.id, body, version: bet.version }).unwrap();
      toast({ title: 'Success', description: 'Bet updated successfully' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to update bet') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group role="group" aria-label={`Settle ${bet.event}`}>
      {SETTLE_OUTCOMES.map(({ outcome, label }) => (
        <SettleButton key={outcome} variant="outline" size="sm" disabled={busy} onClick={() => void settle(outcome)}>
          {label}
        </SettleButton>
      ))}
    </Group>
  );
}
