import { z } from 'zod';
import { parseEnv, port, sharedVariables } from '@bt/platform';

/**
 * The compose gateway's environment: its port, the built web app, and where the two services are.
 * Apart from config.ts so the gateway's process loads neither service.
 */
export const readGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = parseEnv(
    z.object({
      PORT: port(3000),
      COMMAND_API_URL: z.string().url(),
      QUERY_API_URL: z.string().url(),
      WEB_DIST: sharedVariables.WEB_DIST,
      TRUST_PROXY_HOPS: sharedVariables.TRUST_PROXY_HOPS,
    }),
    env,
  );
  return {
    port: config.PORT,
    commandApiUrl: config.COMMAND_API_URL,
    queryApiUrl: config.QUERY_API_URL,
    webDist: config.WEB_DIST,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  };
};
