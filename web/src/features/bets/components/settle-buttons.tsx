import type { BetRow } from '@bt/contracts';
import { BET_CHOICES, SettleChoices } from '../../../components/settle-choices';
import { useSettleBetMutation } from '../api/bets-api';

/**
 * Win / Loss / Push / Void / Cashed out for a pending bet or parlay row: one tap settles it
 * (POST /api/bets/:id/settle, a parlay row's id settling the parlay) if the row is still the
 * version shown (If-Match); the toast offers Undo. A 409 shows the server's conflict message; the
 * list refetches either way (the write invalidates it). A parlay's legs are settled on its card.
 */
export function SettleButtons({ bet }: { bet: BetRow }) {
  const [settleBet] = useSettleBetMutation();
  if (bet.outcome !== 'pending') return null;
  return (
    <SettleChoices
      label={`Settle ${bet.event}`}
      choices={BET_CHOICES}
      previous={{ outcome: bet.outcome, cashOutAmount: bet.cashOutAmount ?? null }}
      version={bet.version}
      what={bet.event}
      settle={(body, version) => settleBet({ id: bet.id, body, version }).unwrap()}
    />
  );
}
