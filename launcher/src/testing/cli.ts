import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Runs one of the repository's command-line tools as an operator does (`npm run <script>` runs
 * `node --import tsx <script> ...`), from the repository's root with `env` over this process's;
 * resolves to its exit code and its output (stdout, then stderr). Never rejects.
 */
export const runCli = (script: string, args: readonly string[], env: Record<string, string> = {}) =>
  new Promise<{ status: number; out: string }>((done) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: repository, env: { ...process.env, ...env } },
      (error, stdout, stderr) => done({ status: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
