import { expect } from 'chai';
import { ESLint } from 'eslint';

/**
 * The workspace boundaries `npm run lint` holds (tools/lint/eslint-config.js), checked on code
 * given as if it were a file of each workspace.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

const errorsOf = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('workspace boundaries', () => {
  it('refuses the projector service in query-api and command-api', async () => {
    for (const filePath of ['query-api/src/x.ts', 'command-api/src/x.ts']) {
      expect(await errorsOf(`import { startProjector } from '@bt/projector';\nvoid startProjector;\n`, filePath)).to.have.length(1);
    }
  });

  it('lets the launcher import the projector, and everyone the read models', async () => {
    expect(await errorsOf(`import { startProjector } from '@bt/projector';\nvoid startProjector;\n`, 'launcher/src/x.ts')).to.deep.equal(
      [],
    );
    expect(await errorsOf(`import { READ_SCHEMA } from '@bt/read-models';\nvoid READ_SCHEMA;\n`, 'query-api/src/x.ts')).to.deep.equal([]);
  });

  it('still refuses a deep import where the projector rule applies', async () => {
    expect(await errorsOf(`import { x } from '@bt/read-models/src/fold/fold';\nvoid x;\n`, 'command-api/src/x.ts')).to.have.length(1);
  });
});
