import type { Outcome } from '@bt/contracts';
import styled from 'styled-components';
import { capitalize } from '../lib/format';
import { OUTCOME_LABELS } from '../lib/labels';

export type BadgeTone = 'win' | 'loss' | 'neutral' | 'primary' | 'warning';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: 0.75rem;
  font-weight: 650;
  line-height: 1.5;
  white-space: nowrap;
  flex-shrink: 0; /* beside long text in a flex row it keeps its width instead of clipping its word */
  ${({ theme, $tone = 'neutral' }) => {
    const c = theme.colors;
    switch ($tone) {
      case 'win':
        return `background: ${c.winSurface}; color: ${c.win};`;
      case 'loss':
        return `background: ${c.lossSurface}; color: ${c.loss};`;
      case 'warning':
        return `background: ${c.warningSurface}; color: ${c.warning};`;
      case 'primary':
        return `background: ${c.primary}; color: ${c.onPrimary};`;
      default:
        return `background: ${c.neutralSurface}; color: ${c.neutral};`;
    }
  }}
`;

/** Spec section 4: win green, loss red, push and pending grey; void grey and a cash-out amber. */
export const outcomeTone = (outcome: Outcome | string): BadgeTone =>
  outcome === 'win' ? 'win' : outcome === 'loss' ? 'loss' : outcome === 'cashout' ? 'warning' : 'neutral';

export function OutcomeBadge({ outcome }: { outcome: Outcome | string }) {
  return <Badge $tone={outcomeTone(outcome)}>{outcome in OUTCOME_LABELS ? OUTCOME_LABELS[outcome as Outcome] : capitalize(outcome)}</Badge>;
}

/** Profit text coloured by sign. */
export const ProfitText = styled.span<{ $value: number }>`
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $value }) => ($value > 0 ? theme.colors.win : $value < 0 ? theme.colors.loss : theme.colors.textMuted)};
`;
