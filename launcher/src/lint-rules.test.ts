import { expect } from 'chai';
import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The type rules of the lint configuration (tools/lint/eslint-config.js) bite: code is linted as if
 * it were the named file, with the repository's own configuration.
 */
describe('lint rules', function () {
  this.timeout(120_000); // the first lint loads typescript-eslint and the import resolver

  const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });
  const errors = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.severity === 2).map(({ ruleId, message }) => ({ ruleId, message }));
  };
  const kyselyAny = "import type { Kysely } from 'kysely';\n\nexport const rows = (db: Kysely<any>) => db;\n";

  it('refuses a Kysely<any> outside migrations and the row writer, with its own message', async () => {
    const found = await errors(kyselyAny, 'command-api/src/x.ts');
    expect(found.map((e) => e.ruleId)).to.have.members(['no-restricted-syntax', '@typescript-eslint/no-explicit-any']);
    expect(found.find((e) => e.ruleId === 'no-restricted-syntax')?.message).to.match(/^No Kysely<any> outside migrations/);
  });

  it('refuses a Kysely<any> built by new Kysely or createDb', async () => {
    const code =
      "import { Kysely } from 'kysely';\n\nexport const a = new Kysely<any>({} as never);\nexport const b = createDb<any>('');\n";
    const found = await errors(
      code.replace("from 'kysely';", "from 'kysely';\nimport { createDb } from '@bt/platform';"),
      'platform/src/x.ts',
    );
    expect(found.filter((e) => e.ruleId === 'no-restricted-syntax')).to.have.length(2);
  });

  it('allows a Kysely<any> in a migration and in the generic row writer', async () => {
    expect(await errors(kyselyAny, 'command-api/src/db/migrations/2099-01-01-001-x.ts')).to.deep.equal([]);
    expect(await errors(kyselyAny, 'projector/src/db/writer.ts')).to.deep.equal([]);
  });

  it('refuses an explicit any anywhere else, in a test too', async () => {
    const code = 'export const parse = (text: string): any => JSON.parse(text);\n';
    for (const filePath of ['contracts/src/x.ts', 'web/src/lib/x.ts', 'launcher/src/x.test.ts']) {
      expect(
        (await errors(code, filePath)).map((e) => e.ruleId),
        filePath,
      ).to.deep.equal(['@typescript-eslint/no-explicit-any']);
    }
    expect(await errors('export const parse = (text: string): unknown => JSON.parse(text);\n', 'contracts/src/x.ts')).to.deep.equal([]);
  });

  it('refuses a source file over 400 lines, but not a migration or a schema declaration', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';
    expect((await errors(lines(401), 'command-api/src/x.ts')).map((e) => e.ruleId)).to.deep.equal(['max-lines']);
    expect(await errors(lines(400), 'command-api/src/x.ts')).to.deep.equal([]);
    expect(await errors(lines(401), 'command-api/src/db/migrations/2099-01-01-001-x.ts')).to.deep.equal([]);
    expect(await errors(lines(401), 'command-api/src/db/schema.ts')).to.deep.equal([]);
  });
});
