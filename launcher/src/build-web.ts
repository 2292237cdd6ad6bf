import { spawnSync } from 'node:child_process';

/**
 * Builds the web app into web/dist (`npm run build -w @bt/web`), with npm's own CLI when run under
 * npm; exits the process with the build's status if it fails.
 */
export function buildWeb(): void {
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const build = spawnSync(npm[0], [...npm.slice(1), 'run', 'build', '-w', '@bt/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
