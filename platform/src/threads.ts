import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread's file beside the calling module: `name.js` once built (`npm run build:server`
 * puts each thread's bundle beside the bundle that starts it), else `name.ts`, run through tsx.
 */
export const threadFile = (moduleUrl: string, name: string): { built: boolean; filename: string } => {
  const built = moduleUrl.endsWith('.js');
  return { built, filename: new URL(`./${name}.${built ? 'js' : 'ts'}`, moduleUrl).href };
};

/**
 * The node flags of a thread whose file is TypeScript: this process's module loader flags
 * (`--import x`, `--import=x`, `--require x`...; V8's flags are refused for a thread), with tsx
 * added unless the process was started with it (`tsx`, or `--import tsx`).
 */
export const tsxThreadArgs = (): string[] => {
  const loaders = process.execArgv.filter(
    (arg, i, all) =>
      /^--(import|require|loader|experimental-loader)(=|$)/.test(arg) ||
      /^--(import|require|loader|experimental-loader)$/.test(all[i - 1] ?? ''),
  );
  return loaders.some((arg) => arg.includes('tsx')) ? loaders : [...loaders, '--import', 'tsx'];
};

/** tsx's ESM API (its package's `import` condition: index.mjs beside the index.cjs `require` finds). */
const tsxApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;

const RESTART_DELAY_MS = 1_000;

/**
 * A long-running worker thread of this process (the one-process default's projector, its
 * transparency log writer): the thread posts 'started' once its connections are open, and ends
 * when posted 'stop' (letting the work in hand finish). A thread that dies later is logged and
 * started again a second later; one that ends before it started rejects the start.
 */
export const startSupervisedThread = async <Message>(options: {
  /** threadFile(...) of the thread's module. */
  file: { built: boolean; filename: string };
  /** What the thread is called in the log lines. */
  name: string;
  workerData: unknown;
  log: (line: string) => void;
  /** Every message the thread posts but 'started'. */
  onMessage?: (message: Message) => void;
}): Promise<{ readonly thread: Worker; stop(): Promise<void> }> => {
  const { file, name, workerData, log } = options;
  let stopping = false;
  let worker: Worker;
  let running = false;
  let retry: NodeJS.Timeout | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      worker = file.built
        ? new Worker(new URL(file.filename), { workerData })
        : // TypeScript: tsx's loader given to a thread by `--import` does not reach the thread's own
          // modules (Node 20), so the thread registers it through tsx's API before importing the file.
          new Worker(
            `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.filename)}); })`,
            { eval: true, workerData },
          );
      let started = false;
      running = true;
      worker.on('message', (message: 'started' | Message) => {
        if (message === 'started') {
          started = true;
          resolve();
        } else options.onMessage?.(message);
      });
      worker.on('error', (error) => log(`${name} thread: ${error.stack ?? error.message}`));
      worker.on('exit', (code) => {
        running = false;
        if (!started) reject(new Error(`the ${name}'s thread ended before it started (exit code ${code})`));
        else if (!stopping) {
          log(`${name} thread: ended (exit code ${code}); starting it again in ${RESTART_DELAY_MS} ms`);
          retry = setTimeout(() => start().catch((e: Error) => log(`${name} thread: ${e.message}`)), RESTART_DELAY_MS);
        }
      });
    });

  await start();
  return {
    /** The thread running now (a test ends it to see it replaced). */
    get thread() {
      return worker;
    },
    async stop() {
      stopping = true;
      clearTimeout(retry);
      const current = worker;
      if (!running) return;
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        current.postMessage('stop');
      });
    },
  };
};
