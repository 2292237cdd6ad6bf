import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { unusedPort } from '@bt/event-store/testing';
import { send } from './http-load';
import { benchProductEnv } from './product';

/**
 * The product as `npm start` runs it, in a child process of its own (the bench's load, parsing and
 * waiting then take none of the product's event loop), at the bench's log level (warn: no line per
 * request), its projector on its own thread unless the bench's PROJECTOR_THREAD says not. Resolves
 * once /healthz answers 200.
 */
export const startProductProcess = async (
  databaseUrl: string,
  dataDir: string,
): Promise<{ url: string; pid: number; stop(): Promise<void> }> => {
  // Below the kernel's range for outgoing connections (unusedPort): a port the kernel picked could be
  // taken by one of the bench's own connections before the product binds it.
  const port = await unusedPort();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('launcher/src/product-main.ts')], {
    env: {
      ...process.env,
      ...benchProductEnv(databaseUrl, dataDir),
      PORT: String(port),
      PROJECTOR_THREAD: process.env.PROJECTOR_THREAD ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null | undefined;
  const exit = new Promise<void>((done) =>
    child.once('exit', (code) => {
      exited = code;
      done();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited !== undefined) throw new Error(`product exited (${exited}) before it answered /healthz`);
    const status = await send(`${url}/healthz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (exited === undefined) child.kill('SIGTERM');
      await exit;
    },
  };
};
