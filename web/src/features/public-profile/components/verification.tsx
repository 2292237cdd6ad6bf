import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { formatPercent, formatProfit } from '../../../lib/format';
import { formatUnits } from '../../../lib/preferences';
import type { ProfileCheck } from '../verification/check-profile';

/** Where this browser keeps the last checkpoint of the log it verified a page against. */
const SEEN_KEY = 'bt-log-checkpoint';

const Summary = styled.p<{ $failed: boolean }>`
  font-weight: 650;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.loss : theme.colors.win)};
`;

const Failures = styled.ul`
  color: ${({ theme }) => theme.colors.loss};
  font-size: 0.875rem;
  padding-left: 1.25rem;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

type State = { state: 'running' } | { state: 'done'; check: ProfileCheck } | { state: 'error'; message: string };

const readSeen = (): string | null => {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
};

const keepSeen = (note: string) => {
  try {
    localStorage.setItem(SEEN_KEY, note);
  } catch {
    // Storage off (private mode): the next visit checks without it.
  }
};

const figuresText = ({ wins, losses, pushes, voids, winRate, roi, units, profit }: ProfileCheck['figures']['all']) =>
  [
    `${wins}-${losses}-${pushes}-${voids}`,
    `win rate ${winRate === null ? '—' : formatPercent(winRate)}`,
    `ROI ${roi === null ? '—' : formatPercent(roi)}`,
    ...(units === null ? [] : [`units ${units > 0 ? '+' : ''}${formatUnits(units)}`]),
    ...(profit === null ? [] : [`profit ${formatProfit(profit)}`]),
  ].join(' · ');

function Result({ check }: { check: ProfileCheck }) {
  const failed = check.failure !== null || check.failed.length > 0 || check.history !== null;
  return (
    <>
      <Summary role="status" $failed={failed}>
        {check.failure === null
          ? `${check.verified} of ${check.total} bets verified, ${check.beforeStart} logged before the start; figures recomputed in your browser`
          : `Verification failed: ${check.failure}`}
      </Summary>
      {failed && (
        <Failures aria-label="Verification failures">
          {check.history !== null && <li>{check.history}</li>}
          {check.failed.map((bet) => (
            <li key={bet.id}>
              {bet.name}: {bet.failures.join('; ')}
            </li>
          ))}
        </Failures>
      )}
      <Muted>Verified bets: {figuresText(check.figures.all)}</Muted>
      <Muted>Logged before the start: {figuresText(check.figures.beforeStart)}</Muted>
      {check.checkpoint && (
        <Muted>
          Against the log&apos;s checkpoint of {check.checkpoint.size} leaves signed {check.checkpoint.time}, in {check.millis} ms.
        </Muted>
      )}
    </>
  );
}

/**
 * Verifies the page in the visitor's browser after it is shown: the proofs and the log's key are
 * fetched and checked in a Web Worker (its own chunk, loaded only here), and the checkpoint seen
 * is kept so the next visit checks that the log only grew.
 */
export function Verification({ handle }: { handle: string }) {
  const [state, setState] = useState<State>({ state: 'running' });
  useEffect(() => {
    setState({ state: 'running' });
    const worker = new Worker(new URL('../verification/verify.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ check: ProfileCheck } | { error: string }>) => {
      const message = event.data;
      if ('error' in message) setState({ state: 'error', message: message.error });
      else {
        const { check } = message;
        if (check.checkpoint && check.failure === null && check.history === null) keepSeen(check.checkpoint.note);
        setState({ state: 'done', check });
      }
      worker.terminate();
    };
    worker.postMessage({ handle, seen: readSeen() });
    return () => worker.terminate();
  }, [handle]);
  return (
    <Card as="section" aria-label="Verification">
      <CardHeader>
        <CardTitle>Verified in your browser</CardTitle>
      </CardHeader>
      <CardContent>
        {state.state === 'running' ? (
          <Muted role="status">Checking every bet against the signed transparency log…</Muted>
        ) : state.state === 'error' ? (
          <Summary role="status" $failed>
            Could not verify this page: {state.message}
          </Summary>
        ) : (
          <Result check={state.check} />
        )}
        <Muted>
          Outcomes are the bettor&apos;s own word; what is proven is when each pick, price and stake was committed. To check without this
          page&apos;s script: <code>npm run verify -- {`${window.location.origin}/api/public/profiles/${handle}/proofs`}</code>.
        </Muted>
      </CardContent>
    </Card>
  );
}
