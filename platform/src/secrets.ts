import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A generated secret kept in a file only its owner can read (mode 0600): read when the file is
 * there, else made and written. The file appears whole and at most once (written aside, then
 * linked into place), so two processes starting at once end up with the same secret.
 */
export async function keptSecret(file: string, bytes = 32, make = () => randomBytes(bytes).toString('base64url')): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;
  await mkdir(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, make(), { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(aside);
  }
  const secret = await readSecret(file);
  if (secret === undefined) throw new Error(`${file} vanished while it was being written`);
  return secret;
}

async function readSecret(file: string): Promise<string | undefined> {
  let secret: string;
  try {
    secret = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!secret) throw new Error(`${file} is empty`);
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600); // kept by an older version with looser rights
  return secret;
}

/**
 * The master keys of the users' data keys: DATA_KEYS_MASTER when set, else (outside production)
 * version 1 generated into `<dataDir>/data-keys-master` on first start and kept there.
 */
export async function dataKeysMaster(config: { dataKeysMaster?: string; dataDir: string; nodeEnv: string }): Promise<string> {
  if (config.dataKeysMaster) return config.dataKeysMaster;
  if (config.nodeEnv === 'production') throw new Error('Bad configuration: DATA_KEYS_MASTER is required in production');
  return keptSecret(join(config.dataDir, 'data-keys-master'), 32, () => `1:${randomBytes(32).toString('base64url')}`);
}
