import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { parseCommandLine } from '@bt/platform';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Every tsx entry of package.json's scripts, run as npm runs it (tsx, from the repo root) with
 * arguments it must refuse or explain; none of these reaches a store, so nothing is started. The
 * runs of a test go side by side (each is mostly tsx loading the code).
 */
const run = (script: string, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });

const CLIS = {
  bench: 'launcher/bench/run.ts',
  'projections:rebuild': 'projector/src/rebuild-cli.ts',
  'log:copy': 'launcher/src/log-cli.ts',
  verify: 'launcher/src/verify-cli.ts',
  'fixture:old-log': 'launcher/src/testing/old-log-fixture.ts',
  start: 'launcher/src/start.ts',
};

describe('command lines', () => {
  it('every CLI prints its usage for --help and exits 0', async () => {
    const runs = Object.entries(CLIS).map(async ([name, script]) => [name, await run(script, '--help')] as const);
    for (const [name, out] of await Promise.all(runs)) {
      expect(out.status, `${name}: ${out.stderr}`).to.equal(0);
      expect(out.stdout, name).to.match(/^usage: npm (run |start)/);
      expect(out.stdout, name).to.include('--help');
    }
  });

  it('`npm start -- --help` answers before the web app is built', async () => {
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
    const out = await new Promise<{ stdout: string; stderr: string }>((done, fail) =>
      execFile(
        npm[0],
        [...npm.slice(1), 'start', '--', '--help'],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
        (error, stdout, stderr) => (error ? fail(error) : done({ stdout, stderr })),
      ),
    );
    expect(out.stdout).to.include('usage: npm start');
    expect(out.stdout + out.stderr).to.not.match(/vite|build -w/);
  });

  it('every CLI refuses an unknown flag with exit 2, naming it', async () => {
    const runs = Object.entries(CLIS).map(async ([name, script]) => [name, await run(script, '--frseh')] as const);
    for (const [name, out] of await Promise.all(runs)) {
      expect(out.status, name).to.equal(2);
      expect(out.stderr, name).to.include("Unknown option '--frseh'");
      expect(out.stderr, name).to.include('usage: ');
    }
  });

  it('`npm run bench -- raeds` is an error listing the sections, not an empty table', async () => {
    const out = await run(CLIS.bench, 'reads', 'raeds');
    expect(out.status).to.equal(2);
    expect(out.stderr).to.include(
      "Unknown section 'raeds'; valid: rebuild, reads, analytics, pages, writes, throttle, web, import, live, fairness, replay",
    );
    expect(out.stdout).to.equal('');
  });

  it('refuses arguments a CLI does not take', async () => {
    const [user, both, copy, after, fixture, start] = await Promise.all([
      run(CLIS['projections:rebuild'], 'some-user'),
      run(CLIS['projections:rebuild'], '--retry', '--fresh'),
      run(CLIS['log:copy'], 'embedded'),
      run(CLIS['log:copy'], 'embedded', 'esdb://x', '--after', 'soon'),
      run(CLIS['fixture:old-log'], 'release-next'),
      run(CLIS.start, 'now'),
    ]);
    expect(user.stderr).to.include('user ids go to projections:retry');
    expect(both.status).to.equal(2);
    expect(copy.status).to.equal(2);
    expect(copy.stderr).to.include('Expected 2 store(s), got 1');
    expect(after.stderr).to.include("--after takes a position like 1234.56 (got 'soon')");
    expect(fixture.stderr).to.include("A fixture is named release-YYYY-MM-DD (got 'release-next')");
    expect(start.status).to.equal(2);
  });

  it('parseCommandLine: flags, values, positionals from a list', () => {
    const spec = {
      usage: 'x',
      about: 'x',
      options: { after: { type: 'string' as const, description: 'a position' }, fresh: { type: 'boolean' as const } },
      positionals: { max: 2, choices: ['a', 'b'], name: 'section' },
    };
    expect(parseCommandLine(['--after', '1.2', 'a', '--fresh'], spec)).to.deep.equal({
      kind: 'run',
      values: { after: '1.2', fresh: true },
      positionals: ['a'],
    });
    expect(parseCommandLine(['--after'], spec)).to.include({ kind: 'error' });
    expect(parseCommandLine(['--fresh=yes'], spec)).to.include({ kind: 'error' });
    expect(parseCommandLine(['a', 'b', 'a'], spec)).to.deep.include({ kind: 'error' });
    const help = parseCommandLine(['-h'], spec);
    expect(help.kind).to.equal('help');
    expect(help.kind === 'help' && help.text).to.include('--after <value>  a position');
  });
});
