import { join } from 'node:path';
import { verifierKeyOf } from '@bt/contracts';
import { keptSecret } from '@bt/platform';

/** The log's signing key: TRANSPARENCY_KEY (a 32-byte seed, base64url), else one generated into DATA_DIR and kept there. */
export const logSigningKey = async (config: { transparencyKey?: string; dataDir: string; transparencyOrigin: string }) => {
  const seed = Buffer.from(config.transparencyKey ?? (await keptSecret(join(config.dataDir, 'transparency-key'), 32)), 'base64url');
  if (seed.length !== 32) throw new Error('Bad configuration: TRANSPARENCY_KEY is 32 bytes, base64url');
  const secretKey = new Uint8Array(seed);
  return { secretKey, key: verifierKeyOf(config.transparencyOrigin, secretKey) };
};
