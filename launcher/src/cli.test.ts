import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { parseCommandLine } from '@bt/platform';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Every tsx entry of package.json's scripts, run as npm runs it (tsx, from the repo root) with
 * arguments it must refuse or explain; none of these reaches a store, so nothing is started.
 */
const run = (script: string, ...args: string[]) => {
  const out = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
};

const CLIS = {
  bench: 'launcher/bench/run.ts',
  'projections:rebuild': 'projector/src/rebuild-cli.ts',
  'log:copy': 'launcher/src/log-cli.ts',
  'fixture:old-log': 'launcher/src/testing/old-log-fixture.ts',
  start: 'launcher/src/start.ts',
};

describe('command lines', () => {
  it('every CLI prints its usage for --help and exits 0', () => {
    for (const [name, script] of Object.entries(CLIS)) {
      const out = run(script, '--help');
      expect(out.status, `${name}: ${out.stderr}`).to.equal(0);
      expect(out.stdout, name).to.match(/^usage: npm (run |start)/);
      expect(out.stdout, name).to.include('--help');
    }
  });

  it('every CLI refuses an unknown flag with exit 2, naming it', () => {
    for (const [name, script] of Object.entries(CLIS)) {
      const out = run(script, '--frseh');
      expect(out.status, name).to.equal(2);
      expect(out.stderr, name).to.include("Unknown option '--frseh'");
      expect(out.stderr, name).to.include('usage: ');
    }
  });

  it('`npm run bench -- raeds` is an error listing the sections, not an empty table', () => {
    const out = run(CLIS.bench, 'reads', 'raeds');
    expect(out.status).to.equal(2);
    expect(out.stderr).to.include(
      "Unknown section 'raeds'; valid: rebuild, reads, analytics, pages, writes, throttle, web, import, live, replay",
    );
    expect(out.stdout).to.equal('');
  });

  it('refuses arguments a CLI does not take', () => {
    expect(run(CLIS['projections:rebuild'], 'some-user').stderr).to.include('user ids go to projections:retry');
    expect(run(CLIS['projections:rebuild'], '--retry', '--fresh').status).to.equal(2);
    const copy = run(CLIS['log:copy'], 'embedded');
    expect(copy.status).to.equal(2);
    expect(copy.stderr).to.include('Expected 2 store(s), got 1');
    expect(run(CLIS['log:copy'], 'embedded', 'esdb://x', '--after', 'soon').stderr).to.include(
      "--after takes a position like 1234.56 (got 'soon')",
    );
    expect(run(CLIS['fixture:old-log'], 'release-next').stderr).to.include("A fixture is named release-YYYY-MM-DD (got 'release-next')");
    expect(run(CLIS.start, 'now').status).to.equal(2);
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
