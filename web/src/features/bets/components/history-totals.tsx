import type { BetsTotals } from '@bt/contracts';
import styled from 'styled-components';
import { ProfitText } from '../../../components/badge';
import { Button } from '../../../components/button';
import { DownloadIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { formatMoney, formatProfit, formatSignedPercent } from '../../../lib/format';
import { formatUnits } from '../../../lib/preferences';

/* The totals of every bet the filters keep (every page), with the export of just those bets. Three
   figures a row on phones, six in one row from 768 px. */
const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px 16px;
  margin: 0;
  flex: 1 1 320px;
  @media (min-width: 768px) {
    grid-template-columns: repeat(6, auto);
    justify-content: start;
    gap: 8px 28px;
  }
  dt {
    font-size: 0.75rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
`;

const Sub = styled.span`
  display: block;
  font-size: 0.75rem;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Wins-losses-pushes, then what else the set holds: "2 void · 1 cashed out · 3 pending". */
const recordText = (t: BetsTotals) => `${t.wins}-${t.losses}-${t.pushes}`;
const recordRest = (t: BetsTotals) =>
  [t.voids > 0 && `${t.voids} void`, t.cashouts > 0 && `${t.cashouts} cashed out`, t.pending > 0 && `${t.pending} pending`]
    .filter(Boolean)
    .join(' · ');

/** Units never stand beside the money of other bets unsaid: "on 8 of 25 bets" (or "on all 25 bets"). */
const unitsScope = (t: BetsTotals) =>
  t.unitBets === t.bets ? `on all ${plural(t.bets, 'bet')}` : `on ${t.unitBets} of ${plural(t.bets, 'bet')}`;

interface HistoryTotalsProps {
  /** Undefined while they load (a new set of filters shows no old totals). */
  totals: BetsTotals | undefined;
  failed: boolean;
  onRetry: () => void;
  /** How many bets the export of the filtered set holds (the page's total, known before the totals). */
  count: number;
  exporting: boolean;
  onExport: () => void;
}

const Muted = styled.p`
  flex: 1 1 320px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function HistoryTotals({ totals, failed, onRetry, count, exporting, onExport }: HistoryTotalsProps) {
  return (
    <Bar aria-label="Totals of these bets" aria-busy={totals === undefined && !failed}>
      {failed ? (
        <Muted>
          The totals could not be loaded.{' '}
          <Button variant="ghost" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </Muted>
      ) : totals === undefined ? (
        <Skeleton $height="40px" style={{ flex: '1 1 320px' }} />
      ) : (
        <Figures>
          <div>
            <dt>Bets</dt>
            <dd>{totals.bets}</dd>
          </div>
          <div>
            <dt>Record (W-L-P)</dt>
            <dd>
              {recordText(totals)}
              {recordRest(totals) && <Sub>{recordRest(totals)}</Sub>}
            </dd>
          </div>
          <div>
            <dt>Staked</dt>
            <dd>{formatMoney(totals.staked)}</dd>
          </div>
          <div>
            <dt>Profit</dt>
            <dd>
              <ProfitText $value={totals.profit}>{formatProfit(totals.profit)}</ProfitText>
            </dd>
          </div>
          <div>
            <dt>ROI</dt>
            <dd>{totals.roi === null ? '—' : formatSignedPercent(totals.roi)}</dd>
          </div>
          <div>
            <dt>Units</dt>
            <dd>
              {totals.unitsWon === null ? (
                '—'
              ) : (
                <>
                  {totals.unitsWon > 0 ? '+' : ''}
                  {formatUnits(totals.unitsWon)}
                  <Sub>{unitsScope(totals)}</Sub>
                </>
              )}
            </dd>
          </div>
        </Figures>
      )}
      <Button variant="outline" size="sm" onClick={onExport} disabled={exporting || count === 0}>
        <DownloadIcon />
        {exporting ? 'Exporting...' : `Export these ${plural(count, 'bet')}`}
      </Button>
    </Bar>
  );
}
