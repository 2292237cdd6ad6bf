import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';
import { MESSAGES } from '@bt/contracts';
import { createLogger, gracefulServer, onShutdownSignal, readOpsConfig } from '@bt/platform';
import { readGatewayConfig } from './gateway-config';
import { createFrontDoor } from './router';

/**
 * The `web` container of docker compose: serves the built web app and routes /api by method to the
 * separately deployed services (GET/HEAD to query-api, the rest to command-api), like the embedded
 * launcher does in one process.
 */
const config = readGatewayConfig();

const proxy = createProxyServer({ xfwd: true, proxyTimeout: 30_000 });
proxy.on('error', (_error, _req, res) => {
  const out = res as import('node:http').ServerResponse;
  if (!out.headersSent) out.writeHead(502, { 'content-type': 'application/json' });
  out.end(JSON.stringify({ message: MESSAGES.serviceUnavailable }));
});
const to = (target: string) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) =>
  proxy.web(req, res, { target });

const logger = createLogger('gateway');
const ops = readOpsConfig();

/** An upstream's /readyz: resolves when it answers 2xx, else throws with what it said. */
const upstreamReady = (base: string) => async () => {
  const answer = await fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(5_000) });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${answer.status} ${JSON.stringify(body)}`);
  return body.status ?? 'ready';
};
const upstreams = { commandApi: upstreamReady(config.commandApiUrl), queryApi: upstreamReady(config.queryApiUrl) };

let server: ReturnType<typeof gracefulServer> | undefined;
const front = createFrontDoor({
  query: to(config.queryApiUrl),
  command: to(config.commandApiUrl),
  webDist: config.webDist,
  // /healthz asks both services' /readyz, like /readyz.
  health: async () => {
    await Promise.all([upstreams.commandApi(), upstreams.queryApi()]);
    return { role: 'gateway' };
  },
  ready: upstreams,
  logger,
  service: 'gateway',
  logApi: true,
  metricsToken: ops.metricsToken,
  trustProxyHops: config.trustProxyHops,
  stopping: () => server?.stopping() ?? false,
});
const http = createServer(front.callback());
server = gracefulServer(http);
http.listen(config.port, () => {
  const { port } = http.address() as AddressInfo; // the one bound: PORT=0 takes any free one
  logger.info({ port }, `gateway on :${port}`);
});
onShutdownSignal(logger, () => server.stop(ops.shutdownGraceMs, logger));
