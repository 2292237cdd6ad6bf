import { spawn } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '@bt/platform/cli';
import { buildWeb } from './build-web';

/**
 * `npm start`: the whole product in one process on the embedded default (or on DATABASE_URL /
 * EVENTSTORE_URL). The command line is read before anything is built or loaded, so `--help` or a
 * wrong argument answers at once.
 *
 * The product runs as a child in a process group of its own. A terminal's Ctrl-C signals its whole
 * foreground group, several times over (npm and tsx pass it on): in one group with us, the embedded
 * Postgres would stop at once under the requests in flight. Here the product gets exactly one
 * SIGTERM, stops gracefully, and its exit status is ours.
 */
const { values } = commandLine({
  usage: 'npm start',
  about:
    'Runs the whole product in one process on PORT (3000): the embedded Postgres, or DATABASE_URL / EVENTSTORE_URL. Settings: the README.',
  options: { 'build-web': { type: 'boolean', description: 'Build the web app first (npm start does)' } },
});
if (values['build-web']) buildWeb();
const main = fileURLToPath(new URL(`./product-main${extname(fileURLToPath(import.meta.url))}`, import.meta.url));
const product = spawn(process.execPath, [...process.execArgv, main], { detached: true, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
let signalled = false;
const forward = () => {
  if (signalled) return;
  signalled = true;
  product.kill('SIGTERM');
};
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
product.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
