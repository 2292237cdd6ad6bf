import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declaredLicence, isPermissive, refusedLicences } from './licence-check';

describe('licence check (npm run lint:licences)', () => {
  it('reads SPDX expressions: OR takes either side, AND needs both, WITH keeps the licence', () => {
    for (const ok of [
      'MIT',
      'ISC',
      'Apache-2.0',
      '(MIT OR Apache-2.0)',
      'MIT AND ISC',
      '(MIT OR GPL-3.0-or-later)',
      'Apache-2.0 WITH LLVM-exception',
      'BSD-3-Clause',
      '0BSD',
      'BlueOak-1.0.0',
    ])
      expect(isPermissive(ok), ok).to.equal(true);
    for (const refused of [
      'SEE LICENSE IN LICENSE',
      'ApexCharts License',
      'UNLICENSED',
      'GPL-3.0',
      'MPL-2.0',
      'MIT AND GPL-2.0',
      '(MIT',
      'MIT OR',
      '',
    ])
      expect(isPermissive(refused), refused).to.equal(false);
  });

  it('takes the licence from `license`, or the old `licenses` list', () => {
    expect(declaredLicence({ license: 'MIT' })).to.equal('MIT');
    expect(declaredLicence({ license: { type: 'ISC' } })).to.equal('ISC');
    expect(declaredLicence({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).to.equal('(MIT OR Apache-2.0)');
    expect(declaredLicence({ licenses: [{ type: 'ApexCharts License' }] })).to.equal('ApexCharts License');
    expect(declaredLicence({})).to.equal(undefined);
  });

  it('refuses a production dependency with another licence, and ignores devDependencies', function () {
    this.timeout(60_000);
    const root = mkdtempSync(join(tmpdir(), 'bt-licences-'));
    try {
      const pkg = (dir: string, manifest: object) => {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
      };
      pkg(root, {
        name: 'demo',
        version: '1.0.0',
        dependencies: { charts: '5.3.6', 'react-ish': '1.0.0' },
        devDependencies: { 'build-tool': '1.0.0' },
      });
      pkg(join(root, 'node_modules/charts'), { name: 'charts', version: '5.3.6', license: 'SEE LICENSE IN LICENSE' });
      pkg(join(root, 'node_modules/react-ish'), { name: 'react-ish', version: '1.0.0', license: 'MIT', dependencies: { helper: '2.0.0' } });
      pkg(join(root, 'node_modules/helper'), { name: 'helper', version: '2.0.0', licenses: [{ type: 'GPL-2.0' }] });
      pkg(join(root, 'node_modules/build-tool'), { name: 'build-tool', version: '1.0.0', license: 'MPL-2.0' });

      const refused = refusedLicences(root).map(({ name, version, licence }) => `${name}@${version}: ${licence}`);
      expect(refused.sort()).to.deep.equal(['charts@5.3.6: SEE LICENSE IN LICENSE', 'helper@2.0.0: GPL-2.0']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('passes on this repository', function () {
    this.timeout(60_000);
    expect(refusedLicences(process.cwd())).to.deep.equal([]);
  });
});
