import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run lint:licences`: every package of the production dependency tree (`npm ls --omit=dev`)
 * must carry a permissive licence. ApexCharts 5 changed its licence under a minor-looking bump; this
 * check makes such a change fail the lint instead of slipping into the product.
 */

/** SPDX identifiers we may ship in a paid product without a further licence. */
export const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/**
 * Whether an SPDX expression is permissive: `A OR B` when either side is, `A AND B` when both are,
 * `A WITH exception` as A, parentheses as usual. Anything else (`SEE LICENSE IN ...`, UNLICENSED,
 * a missing licence) is not.
 */
export const isPermissive = (expression: string): boolean => {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const fail = () => {
    throw new Error(`not an SPDX expression: ${expression}`);
  };
  const primary = (): boolean => {
    const token = tokens[at++];
    if (token === undefined) return fail();
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') fail();
      return value;
    }
    if (token === ')' || /^(AND|OR|WITH)$/i.test(token)) return fail();
    const permissive = PERMISSIVE.has(token.replace(/\+$/, ''));
    if (/^WITH$/i.test(tokens[at] ?? '')) at += 2; // an exception only widens what the licence allows
    return permissive;
  };
  const and = (): boolean => {
    let value = primary();
    while (/^AND$/i.test(tokens[at] ?? '')) {
      at++;
      value = primary() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (/^OR$/i.test(tokens[at] ?? '')) {
      at++;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    return at === tokens.length && value;
  } catch {
    return false;
  }
};

interface Manifest {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[] | { type?: string };
}

/** The licence a package.json declares, as one SPDX expression (the old `licenses` arrays are ORed). */
export const declaredLicence = (manifest: Manifest): string | undefined => {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license.trim() || undefined;
  if (license?.type) return license.type;
  const list = Array.isArray(licenses) ? licenses : licenses ? [licenses] : [];
  const types = list.map((entry) => entry.type).filter((type): type is string => Boolean(type));
  return types.length ? (types.length === 1 ? types[0] : `(${types.join(' OR ')})`) : undefined;
};

/**
 * Packages whose package.json names no SPDX licence although their LICENSE file is permissive
 * (read and recorded here by hand, by exact version).
 */
const READ_BY_HAND: Record<string, string> = {};

export interface Refusal {
  name: string;
  version: string;
  licence: string;
  path: string;
}

/** The production packages installed under `root` whose licence is not permissive. */
export const refusedLicences = (root: string): Refusal[] => {
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'], // npm ls exits non-zero on a peer-dependency warning; the listing still stands
  });
  const seen = new Set<string>();
  const refused: Refusal[] = [];
  for (const path of listing.split('\n').map((line) => line.trim())) {
    // The workspaces (linked into node_modules) are ours: only what is installed there is checked.
    if (!path || seen.has(path) || !realpathSync(path).split(sep).includes('node_modules')) continue;
    seen.add(path);
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest;
    const name = manifest.name ?? relative(root, path);
    const version = manifest.version ?? '?';
    const licence = READ_BY_HAND[`${name}@${version}`] ?? declaredLicence(manifest) ?? 'none declared';
    if (!isPermissive(licence)) refused.push({ name, version, licence, path: relative(root, path) });
  }
  return refused;
};

const main = () => {
  const refused = refusedLicences(process.cwd());
  if (refused.length === 0) {
    console.log('licences: every production dependency has a permissive licence');
    return;
  }
  console.error('licences: these production dependencies have no permissive licence:');
  for (const r of refused) console.error(`  ${r.name}@${r.version}: ${r.licence} (${r.path})`);
  console.error(`Allowed: ${[...PERMISSIVE].join(', ')}. Pin an earlier release, replace the package, or move it to devDependencies.`);
  process.exitCode = 1;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
