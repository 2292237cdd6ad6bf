import { createServer } from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import { MESSAGES } from '@bt/contracts';
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

const front = createFrontDoor({
  query: to(config.queryApiUrl),
  command: to(config.commandApiUrl),
  webDist: config.webDist,
  health: async () => ({ role: 'gateway' }),
});
createServer(front.callback()).listen(config.port, () => console.log(`gateway on :${config.port}`));
