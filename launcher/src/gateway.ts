import { createServer } from 'node:http';
import { z } from 'zod';
import { createProxyServer } from 'http-proxy-3';
import { MESSAGES } from '@bt/contracts';
import { parseEnv, port } from '@bt/platform';
import { createFrontDoor } from './router';

/**
 * The `web` container of docker compose: serves the built web app and routes /api by method to the
 * separately deployed services (GET/HEAD to query-api, the rest to command-api), like the embedded
 * launcher does in one process.
 */
const config = parseEnv(
  z.object({
    PORT: port(3000),
    COMMAND_API_URL: z.string().url(),
    QUERY_API_URL: z.string().url(),
    WEB_DIST: z.string().default('web/dist'),
  }),
);

const proxy = createProxyServer({ xfwd: true, proxyTimeout: 30_000 });
proxy.on('error', (_error, _req, res) => {
  const out = res as import('node:http').ServerResponse;
  if (!out.headersSent) out.writeHead(502, { 'content-type': 'application/json' });
  out.end(JSON.stringify({ message: MESSAGES.serviceUnavailable }));
});
const to = (target: string) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) =>
  proxy.web(req, res, { target });

const front = createFrontDoor({
  query: to(config.QUERY_API_URL),
  command: to(config.COMMAND_API_URL),
  webDist: config.WEB_DIST,
  health: async () => ({ role: 'gateway' }),
});
createServer(front.callback()).listen(config.PORT, () => console.log(`gateway on :${config.PORT}`));
