import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MESSAGES } from '@bt/contracts';
import { createPlanThreads, inProcessPlanner, type PlanTask } from './plan-threads';

const USER = '00000000-0000-7000-8000-000000000001';

describe("imports' pass 1 on a thread of its own", () => {
  const dir = mkdtempSync(join(tmpdir(), 'bt-plan-'));
  const planner = createPlanThreads();
  after(async () => {
    await planner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const task = (name: string, text: string, previewRows = 0): PlanTask => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return { path, charset: 'utf-8', userId: USER, choice: {}, previewRows };
  };

  it('plans a file as the requests thread would: rows, preview, warnings and the reading', async () => {
    const rows = Array.from(
      { length: 300 },
      (_, i) => `2025-03-${String(1 + (i % 28)).padStart(2, '0')},curling,Match ${i},moneyline,+120,10,win,`,
    );
    const file = task('sound.csv', ['date,sport,event,betType,odds,stake,outcome,notes', ...rows].join('\n'), 5);
    const threaded = await planner.plan(file);
    expect(threaded).to.deep.equal(await inProcessPlanner.plan(file));
    expect(threaded).to.include({ ok: true, rowCount: 300 });
    expect(threaded.preview).to.have.length(5);
    expect(threaded.warnings!.length, 'curling is stored as other').to.be.greaterThan(0);
  });

  it("answers a file's errors, and a second plan on the same thread after them", async () => {
    const broken = task('broken.csv', 'date,sport,event,betType,odds,stake,outcome\nnot-a-date,nfl,Game,moneyline,-110,10,win\n');
    const refused = await planner.plan(broken);
    expect(refused).to.deep.equal(await inProcessPlanner.plan(broken));
    expect(refused.ok).to.equal(false);
    expect(await planner.plan(task('empty.csv', ''))).to.deep.equal({ ok: false, errors: [{ row: 1, message: MESSAGES.csvEmpty }] });
  });
});
