import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../../components/card';
import { TrendDownIcon, TrendUpIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { StatTrend, TrendDirection } from '../lib/stat-trends';

const Box = styled(Card)`
  padding: 18px 20px;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 {
    font-size: 0.875rem;
    font-weight: 600;
  }
`;

/* Two cards a row on phones leave ~120 px: a smaller figure keeps "+$1,225.66" on one line. */
const Value = styled.p`
  font-size: 1.25rem;
  font-weight: 750;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
  @media (min-width: 640px) {
    font-size: 1.625rem;
  }
`;

/* Green and an up arrow, red and a down arrow, or muted without one; the direction is also said in words. */
const Trend = styled.p<{ $direction: TrendDirection }>`
  display: flex;
  align-items: flex-start;
  gap: 4px;
  font-size: 0.8125rem;
  color: ${({ theme, $direction }) =>
    $direction === 'up' ? theme.colors.win : $direction === 'down' ? theme.colors.loss : theme.colors.textMuted};
  svg {
    flex-shrink: 0;
    margin-top: 2px;
  }
`;

const DIRECTION_WORDS: Record<TrendDirection, string> = {
  up: 'Up on the 30 days before: ',
  down: 'Down on the 30 days before: ',
  flat: '',
};

/** The period the figure covers ("All time", "Last 30 days"), under the title. */
const Period = styled.span`
  display: block;
  font-size: 0.75rem;
  font-weight: 500;
`;

const Caption = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface StatCardProps {
  title: string;
  value: string;
  icon?: ReactNode;
  /** The period the value covers, said under the title: every card says its own. */
  period?: string;
  /** Either a trend (up/down with a value) or a label. */
  trend?: StatTrend;
  label?: string;
  /** A line under the trend or label (the W-L-P record under Win Rate). */
  note?: string;
}

/** A summary card: title, value, and a trend or a label (spec 2.6). */
export function StatCard({ title, value, icon, period, trend, label, note }: StatCardProps) {
  return (
    <Box>
      <Top>
        <div>
          <h2>{title}</h2>
          {period && <Period data-period>{period}</Period>}
        </div>
        {icon}
      </Top>
      <Value>{value}</Value>
      {trend ? (
        <Trend $direction={trend.direction} data-trend={trend.direction}>
          {trend.direction === 'up' && <TrendUpIcon size={14} />}
          {trend.direction === 'down' && <TrendDownIcon size={14} />}
          <span>
            {DIRECTION_WORDS[trend.direction] && <VisuallyHidden>{DIRECTION_WORDS[trend.direction]}</VisuallyHidden>}
            {trend.text}
          </span>
        </Trend>
      ) : (
        label && <Caption>{label}</Caption>
      )}
      {note && <Caption data-note>{note}</Caption>}
    </Box>
  );
}

/* As tall as a loaded card (title, figure, a trend of two lines): the cards' arrival moves nothing below. */
const SkeletonBox = styled(Box)`
  min-height: 175px;
`;

export function StatCardSkeleton() {
  return (
    <SkeletonBox aria-hidden="true">
      <Skeleton $width="40%" $height="14px" />
      <Skeleton $width="60%" $height="28px" />
      <Skeleton $width="70%" $height="12px" />
    </SkeletonBox>
  );
}
