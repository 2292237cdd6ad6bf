import type { PublicBet, PublicProfile, PublicRecord } from '@bt/contracts';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, OutcomeBadge, type BadgeTone } from '../../../components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { Loading } from '../../../components/loading';
import { EmptyText, PageContainer, PageHeader } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { isHttpError } from '../../../lib/api-error';
import { formatDate, formatMoney, formatPercent, formatProfit } from '../../../lib/format';
import { betTypeLabel, sportLabel } from '../../../lib/labels';
import { formatUnits } from '../../../lib/preferences';
import { useGetPublicProfileQuery } from '../api/public-profile-api';
import { Verification } from '../components/verification';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: 12px;
  dt {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    font-size: 1.25rem;
    font-weight: 700;
  }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bets = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 12px;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
    padding-bottom: 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h3 {
    font-size: 1rem;
    font-weight: 650;
    overflow-wrap: anywhere;
  }
`;

const TIMING: Record<PublicBet['timing'], { text: string; tone: BadgeTone }> = {
  'before-start': { text: 'Before start', tone: 'win' },
  'after-start': { text: 'After start', tone: 'warning' },
  imported: { text: 'Imported', tone: 'neutral' },
  'no-start-time': { text: 'No start time', tone: 'neutral' },
};

const units = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${formatUnits(value)}`);

function RecordFigures({ record, label }: { record: PublicRecord; label: string }) {
  return (
    <Figures aria-label={label}>
      <div>
        <dt>Record (W-L-P-V)</dt>
        <dd>
          {record.wins}-{record.losses}-{record.pushes}-{record.voids}
        </dd>
      </div>
      <div>
        <dt>Win rate</dt>
        <dd>{record.winRate === null ? '—' : formatPercent(record.winRate)}</dd>
      </div>
      <div>
        <dt>ROI</dt>
        <dd>{record.roi === null ? '—' : formatPercent(record.roi)}</dd>
      </div>
      <div>
        <dt>Units</dt>
        <dd>{units(record.unitsWon)}</dd>
      </div>
      {record.profit !== null && (
        <div>
          <dt>Profit</dt>
          <dd>{formatProfit(record.profit)}</dd>
        </div>
      )}
    </Figures>
  );
}

function BetItem({ bet }: { bet: PublicBet }) {
  const timing = TIMING[bet.timing];
  return (
    <li>
      <div>
        <h3>{bet.event}</h3>
        <Note>
          {formatDate(bet.date)} · {sportLabel(bet.sport)} · {betTypeLabel(bet.betType)} · {bet.odds}
          {bet.stake !== null ? ` · ${formatMoney(bet.stake)}` : bet.units !== null ? ` · ${formatUnits(bet.units)}` : ''}
        </Note>
      </div>
      <div>
        <Badge $tone={timing.tone}>{timing.text}</Badge> <OutcomeBadge outcome={bet.outcome} />
      </div>
    </li>
  );
}

function ProfileBody({ profile }: { profile: PublicProfile }) {
  return (
    <>
      <Verification handle={profile.handle} />
      <Card>
        <CardHeader>
          <CardTitle>Logged before the start</CardTitle>
        </CardHeader>
        <CardContent>
          <RecordFigures record={profile.beforeStart} label="Bets logged before their start" />
          <Note>
            {profile.beforeStart.bets} of {profile.record.bets} bets were recorded before their event started.
          </Note>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>All bets</CardTitle>
        </CardHeader>
        <CardContent>
          <RecordFigures record={profile.record} label="All bets" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Bets</CardTitle>
        </CardHeader>
        <CardContent>
          {profile.bets.length === 0 ? (
            <EmptyText>No bets shown yet.</EmptyText>
          ) : (
            <Bets>
              {profile.bets.map((bet, i) => (
                <BetItem key={i} bet={bet} />
              ))}
            </Bets>
          )}
        </CardContent>
      </Card>
    </>
  );
}

/** /u/:handle (no sign-in): a bettor's public record, when they turned it on in Settings. */
export function PublicProfileRoute() {
  const { handle = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetPublicProfileQuery(handle);
  return (
    <PageContainer>
      <PageHeader title={`@${handle}`} subtitle="A public betting record" />
      {isLoading ? (
        <Loading />
      ) : data ? (
        <ProfileBody profile={data} />
      ) : isHttpError(error) && error.status === 404 ? (
        <EmptyText>This page does not exist, or its owner has turned it off.</EmptyText>
      ) : (
        <QueryError what="this record" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      )}
    </PageContainer>
  );
}
