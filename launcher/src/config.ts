import { z } from 'zod';
import { readHeavyReadConfig, readReplayThreads } from '@bt/query-api';
import { readImportConfig, readMailConfig, readSignInConfig } from '@bt/command-api';
import { readLiveProjectorConfig } from '@bt/projector';
import { parseEnv, port, sharedVariables } from '@bt/platform';
import { TRANSPARENCY_SIGN_EVERY_MS } from './transparency/config';

/**
 * The launcher's environment, read once. Unset stores mean the embedded default under DATA_DIR.
 * The services' own limits are read by their config: sign-in (command-api), heavy reads and replay
 * threads (query-api), the projector's batching and cache (projector).
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const { DATA_DIR, PG_PORT, DATABASE_URL, EVENTSTORE_URL, JWT_SECRET, NODE_ENV, WEB_DIST, TRUST_PROXY_HOPS, DATA_KEYS_MASTER } =
    sharedVariables;
  const { TRANSPARENCY_KEY, TRANSPARENCY_ORIGIN } = sharedVariables;
  const config = parseEnv(
    z.object({
      PORT: port(3000),
      HOST: z.string().default('0.0.0.0'),
      DATA_DIR,
      PG_PORT,
      DATABASE_URL,
      EVENTSTORE_URL,
      JWT_SECRET,
      DATA_KEYS_MASTER,
      NODE_ENV,
      WEB_DIST,
      TRUST_PROXY_HOPS,
      /** 1 (default): the projector folds on a worker thread of its own; 0: on the event loop that answers requests. */
      PROJECTOR_THREAD: z.enum(['0', '1']).default('1'),
      /** The transparency log's Ed25519 seed (32 bytes, base64url); generated into DATA_DIR when unset. */
      TRANSPARENCY_KEY,
      TRANSPARENCY_ORIGIN,
      TRANSPARENCY_SIGN_EVERY_MS,
      /** off: no leaves are appended (the bench's same-run baseline for the cost of commitments); on by default. */
      TRANSPARENCY_LOG: z.enum(['on', 'off']).default('on'),
    }),
    env,
  );
  return {
    port: config.PORT,
    host: config.HOST,
    dataDir: config.DATA_DIR,
    pgPort: config.PG_PORT,
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    jwtSecret: config.JWT_SECRET,
    /** The personal fields' master keys; unset: generated into DATA_DIR (required in production). */
    dataKeysMaster: config.DATA_KEYS_MASTER,
    nodeEnv: config.NODE_ENV,
    webDist: config.WEB_DIST,
    /** Proxies in front of the front door (its /metrics) and command-api (its sign-in limits). */
    trustProxyHops: config.TRUST_PROXY_HOPS,
    projectorThread: config.PROJECTOR_THREAD === '1',
    transparencyKey: config.TRANSPARENCY_KEY,
    transparencyOrigin: config.TRANSPARENCY_ORIGIN,
    transparencySignEveryMs: config.TRANSPARENCY_SIGN_EVERY_MS,
    transparencyLog: config.TRANSPARENCY_LOG === 'on',
    /** The projector's batching and cache, as the projector's own process reads them. */
    projector: readLiveProjectorConfig(env),
    signIn: readSignInConfig(env),
    /** "Forgot password" e-mail: SMTP_URL, else files in DATA_DIR/outbox (none in production). */
    mail: readMailConfig(env),
    importsAtOnce: readImportConfig(env),
    heavyReads: readHeavyReadConfig(env),
    replayThreads: readReplayThreads(env),
  };
};
export type LauncherConfig = ReturnType<typeof readConfig>;
