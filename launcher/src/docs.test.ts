import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(import.meta.dirname, '../..');
const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(resolve(ROOT, f)));

/** The repository's own documents (test fixtures and dependencies aside). */
const documents = () => tracked('*.md').filter((f) => !f.includes('node_modules/'));

describe('the docs stand alone', () => {
  it('every markdown link points inside the repository, at a file that exists', () => {
    const problems: string[] = [];
    for (const file of documents()) {
      const text = readFileSync(resolve(ROOT, file), 'utf8');
      if (/\.\.\/shared\//.test(text)) problems.push(`${file}: mentions ../shared/, which a clone does not have`);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = resolve(dirname(resolve(ROOT, file)), decodeURIComponent(target!.split('#')[0]!));
        if (relative(ROOT, path).startsWith('..')) problems.push(`${file}: ${target} leaves the repository`);
        else if (!existsSync(path)) problems.push(`${file}: ${target} does not exist`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('the README links the product, design and API docs', () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    for (const doc of ['docs/product.md', 'docs/design.md', 'docs/api.md']) expect(readme).to.include(`](${doc})`);
  });

  it("every environment variable the code reads is in the README's table (or the bench's), with a default", () => {
    const read = new Set<string>();
    for (const file of tracked('*.ts', '*.tsx', '*.js', '*.cjs', '*.mjs')) {
      const text = readFileSync(resolve(ROOT, file), 'utf8');
      for (const [, name] of text.matchAll(/process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)) read.add(name!);
      // The services' config readers: a zod object over the environment (parseEnv), keyed by the variables' names.
      if (/parseEnv\(|sharedVariables = \{/.test(text)) {
        for (const [, name] of text.matchAll(
          /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*:\s*(?:z\.|port\(|count\(|sharedVariables|postgresUrl|trustProxyHops|[a-z]\w*\()/g,
        )) {
          read.add(name!);
        }
      }
    }
    // Set by tools, not settings of ours: the one a child process inherits, and Node's own.
    for (const name of ['PATH', 'NODE_OPTIONS']) read.delete(name);
    expect(read.size).to.be.greaterThan(30);

    // The product's settings in the README; what only tests and the bench read, beside the benchmarks.
    const tables = ['README.md', 'docs/benchmarks.md'].map((file) => readFileSync(resolve(ROOT, file), 'utf8')).join('\n');
    const table = new Map<string, string>();
    for (const line of tables.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      if (cells.length < 4) continue;
      for (const [, name] of cells[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) table.set(name!, cells[2]!);
    }
    const missing = [...read].filter((name) => !table.has(name)).sort();
    expect(missing, "read by the code but not in the README's table nor docs/benchmarks.md's").to.deep.equal([]);
    const noDefault = [...read].filter((name) => table.get(name) === '').sort();
    expect(noDefault, 'listed without a default').to.deep.equal([]);
  });
});
