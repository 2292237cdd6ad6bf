import pg from 'pg';
import { compareLogPositions } from '@bt/contracts';
import { NOTIFY_CHANNEL } from '@bt/read-models';

/**
 * The read models' checkpoint as the projector tells it (LISTEN on its channel: the position of each
 * committed batch), and a wait for a write's position to be in: what the live and fairness sections
 * time a write's visibility by.
 */
export async function watchCheckpoint(databaseUrl: string) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  let checkpoint: string | undefined;
  const waiting = new Set<{ position: string; done: () => void }>();
  listener.on('notification', ({ payload }) => {
    if (!payload || (checkpoint !== undefined && compareLogPositions(payload, checkpoint) <= 0)) return;
    checkpoint = payload;
    for (const w of waiting) {
      if (compareLogPositions(checkpoint, w.position) >= 0) {
        waiting.delete(w);
        w.done();
      }
    }
  });
  await listener.connect();
  await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
  return {
    /** Resolves once the read models hold `position`. */
    visible: (position: string) =>
      checkpoint !== undefined && compareLogPositions(checkpoint, position) >= 0
        ? Promise.resolve()
        : new Promise<void>((done) => waiting.add({ position, done })),
    close: () => listener.end(),
  };
}

/** The body of the sections' POST /api/bets: the `i`th bet, dated anywhere in the two years before `today`, won or lost. */
export const benchBet = (event: string, i: number, today: number): string =>
  JSON.stringify({
    sport: 'football',
    event: `${event} ${i}`,
    betType: 'moneyline',
    stake: 10,
    odds: '-110',
    outcome: i % 2 === 0 ? 'win' : 'loss',
    date: new Date(today - ((i * 7919) % 730) * 86_400_000).toISOString().slice(0, 10),
  });
