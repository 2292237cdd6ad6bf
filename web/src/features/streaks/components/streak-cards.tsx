import type { Streak, StreakStats } from '@bt/contracts';
import styled from 'styled-components';
import { ProfitText } from '../../../components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { FlameIcon, TrophyIcon } from '../../../components/icons';
import { EmptyText } from '../../../components/page';
import { Progress } from '../../../components/progress';
import { formatPercent, formatProfit } from '../../../lib/format';
import { StreakLength, streakDates, streakLengthText } from './streak-text';

const Big = styled.p`
  font-size: 2rem;
  line-height: 1.2;
`;

const Muted = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const Records = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  h3 {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: 4px;
  }
`;

/** Spec 9: progress = current length / record length of the same kind x 100. */
export const streakProgress = (current: Streak, stats: StreakStats): number => {
  const record = current.type === 'win' ? stats.longestWinStreak : stats.longestLossStreak;
  return record && record.length > 0 ? (current.length / record.length) * 100 : 0;
};

/** What the progress is a share of: "50.0% of your longest winning streak (2 wins)". */
const progressText = (current: Streak, stats: StreakStats): string => {
  const record = current.type === 'win' ? stats.longestWinStreak : stats.longestLossStreak;
  const kind = current.type === 'win' ? 'winning' : 'losing';
  const length = record ? ` (${streakLengthText(record).toLowerCase()})` : '';
  return `${formatPercent(streakProgress(current, stats))} of your longest ${kind} streak${length}`;
};

export function CurrentStreakCard({ stats }: { stats: StreakStats }) {
  const current = stats.currentStreak;
  return (
    <Card aria-labelledby="current-streak-title">
      <CardHeader>
        <CardTitle id="current-streak-title">Current Streak</CardTitle>
        <FlameIcon />
      </CardHeader>
      <CardContent>
        {current ? (
          <Stack>
            <Big>
              <StreakLength $type={current.type}>{streakLengthText(current)}</StreakLength>
            </Big>
            <Muted>{streakDates(current)}</Muted>
            <p>
              Profit: <ProfitText $value={current.profit}>{formatProfit(current.profit)}</ProfitText>
            </p>
            <Progress
              label="Progress toward the record streak"
              value={streakProgress(current, stats)}
              valueText={formatPercent(streakProgress(current, stats))}
              tone={current.type}
            />
            <Muted>{progressText(current, stats)}</Muted>
          </Stack>
        ) : (
          <Stack>
            <p>No current streak</p>
            <Muted>Start placing bets to track your streaks!</Muted>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function RecordStreak({ title, streak, empty }: { title: string; streak: Streak | null; empty: string }) {
  return (
    <div>
      <h3>{title}</h3>
      {streak ? (
        <Stack>
          <Big>
            <StreakLength $type={streak.type}>{streakLengthText(streak)}</StreakLength>
          </Big>
          <Muted>{streakDates(streak)}</Muted>
          <p>
            Profit: <ProfitText $value={streak.profit}>{formatProfit(streak.profit)}</ProfitText>
          </p>
        </Stack>
      ) : (
        <Muted>{empty}</Muted>
      )}
    </div>
  );
}

export function RecordStreaksCard({ stats }: { stats: StreakStats }) {
  return (
    <Card aria-labelledby="record-streaks-title">
      <CardHeader>
        <CardTitle id="record-streaks-title">Record Streaks</CardTitle>
        <TrophyIcon />
      </CardHeader>
      <CardContent>
        <Records>
          <RecordStreak title="Longest Win Streak" streak={stats.longestWinStreak} empty="No winning streaks recorded yet" />
          <RecordStreak title="Longest Loss Streak" streak={stats.longestLossStreak} empty="No losing streaks recorded yet" />
        </Records>
      </CardContent>
    </Card>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export function RecentStreaksList({ stats }: { stats: StreakStats }) {
  return (
    <Card aria-labelledby="recent-streaks-title">
      <CardHeader>
        <CardTitle id="recent-streaks-title">Recent Streaks</CardTitle>
      </CardHeader>
      <CardContent>
        {stats.recentStreaks.length === 0 ? (
          <EmptyText>No streak data available yet</EmptyText>
        ) : (
          <List>
            {stats.recentStreaks.map((streak) => (
              <li key={`${streak.type}-${streak.startDate}-${streak.endDate}`}>
                <div>
                  <StreakLength $type={streak.type}>{streakLengthText(streak)}</StreakLength>
                  <Muted>{streakDates(streak)}</Muted>
                </div>
                <ProfitText $value={streak.profit}>{formatProfit(streak.profit)}</ProfitText>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
