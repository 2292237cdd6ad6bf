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

const Value = styled.p`
  font-size: 1.625rem;
  font-weight: 750;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

const Trend = styled.p<{ $up: boolean }>`
  display: flex;
  align-items: center;
  gap: 4px;
  font-size: 0.8125rem;
  color: ${({ theme, $up }) => ($up ? theme.colors.win : theme.colors.loss)};
  span:last-child {
    color: ${({ theme }) => theme.colors.textMuted};
  }
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
          {trend.up ? <TrendUpIcon size={14} /> : <TrendDownIcon size={14} />}
          <span>{trend.text}</span>
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
