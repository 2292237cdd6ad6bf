import styled from 'styled-components';

const Track = styled.div`
  height: 10px;
  width: 100%;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Bar = styled.div<{ $tone: ProgressTone }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) =>
    $tone === 'win' ? theme.colors.chartWin : $tone === 'loss' ? theme.colors.chartLoss : theme.colors.primary};
  transition: width 300ms ease;
`;

export type ProgressTone = 'primary' | 'win' | 'loss';

interface ProgressProps {
  value: number;
  /** Spec section 9: the maximum defaults to 100. */
  max?: number;
  label: string;
  /** Spoken value, e.g. "42.5%". */
  valueText?: string;
  tone?: ProgressTone;
}

export function Progress({ value, max = 100, label, valueText, tone = 'primary' }: ProgressProps) {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(clamped * 10) / 10}
      aria-valuetext={valueText}
    >
      <Bar $tone={tone} style={{ width: `${(clamped / max) * 100}%` }} />
    </Track>
  );
}
