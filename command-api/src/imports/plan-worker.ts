/**
 * An import plan thread (run by `plan-threads.ts`): reads and checks a spooled upload here, so the
 * main thread's event loop only sees the plan it posts back.
 */
import { decoded } from '../shared/decoded-text';
import { planImport, type ImportPlan } from './import-plan';
import type { PlanTask } from './plan-threads';

export default function plan({ path, charset, userId, choice, previewRows }: PlanTask): Promise<ImportPlan> {
  return planImport(decoded(path, charset), userId, choice, previewRows);
}
