import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../../components/card';
import { TrendDownIcon, TrendUpIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';

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

/* The change keeps its arrow; 'vs previous 30 days' moves to the next line as a whole when narrow. */
const Trend = styled.p<{ $up: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: 4px;
  font-size: 0.8125rem;
  color: ${({ theme, $up }) => ($up ? theme.colors.win : theme.colors.loss)};
  svg {
    flex-shrink: 0;
  }
  span:last-child {
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Change = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  white-space: nowrap;
`;

const Caption = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface StatTrend {
  /** The change, formatted with its sign. */
  text: string;
  up: boolean;
}

interface StatCardProps {
  title: string;
  value: string;
  icon?: ReactNode;
  /** Either a trend (up/down with a value) or a label. */
  trend?: StatTrend;
  label?: string;
}

/** A summary card: title, value, and a trend or a label (spec 2.6). */
export function StatCard({ title, value, icon, trend, label }: StatCardProps) {
  return (
    <Box>
      <Top>
        <h2>{title}</h2>
        {icon}
      </Top>
      <Value>{value}</Value>
      {trend ? (
        <Trend $up={trend.up}>
          <Change>
            {trend.up ? <TrendUpIcon size={14} /> : <TrendDownIcon size={14} />}
            {trend.text}
          </Change>
          <span>vs previous 30 days</span>
        </Trend>
      ) : (
        label && <Caption>{label}</Caption>
      )}
    </Box>
  );
}

export function StatCardSkeleton() {
  return (
    <Box aria-hidden="true">
      <Skeleton $width="40%" $height="14px" />
      <Skeleton $width="60%" $height="28px" />
      <Skeleton $width="70%" $height="12px" />
    </Box>
  );
}
