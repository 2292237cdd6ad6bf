import type { Streak } from '@bt/contracts';
import styled from 'styled-components';
import { formatDate } from '../../../lib/format';

/** "5 Wins" / "1 Loss", green for wins and red for losses. */
export const StreakLength = styled.span<{ $type: Streak['type'] }>`
  font-weight: 750;
  color: ${({ theme, $type }) => ($type === 'win' ? theme.colors.win : theme.colors.loss)};
`;

export const streakLengthText = (streak: Streak): string => {
  const noun = streak.type === 'win' ? 'Win' : 'Loss';
  return `${streak.length} ${streak.length === 1 ? noun : noun === 'Win' ? 'Wins' : 'Losses'}`;
};

export const streakDates = (streak: Streak): string =>
  streak.startDate === streak.endDate ? formatDate(streak.startDate) : `${formatDate(streak.startDate)} – ${formatDate(streak.endDate)}`;
