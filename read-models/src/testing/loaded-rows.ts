import type { TableName } from '../database';
import { newUserState, READ_MODELS } from '../fold/fold';
import type { ReadModelName, UserReadModels } from '../fold/read-model';

/**
 * A user's rows of every read model but `skip`, from what their tables hold, in a replay's shape:
 * each model's rows (`rowsOf` its table, by the table's owner column) loaded into a new state and
 * replayed. For a test reading the tables of a model it lists no reader of its own for; a model
 * whose state is never loaded (`loaded: false`) has no rows this way.
 */
export const loadedReadModels = async (
  userId: string,
  rowsOf: (table: TableName, owner: string) => Promise<readonly object[]>,
  skip: readonly string[] = [],
): Promise<Partial<UserReadModels>> => {
  const state = newUserState(userId);
  const models = READ_MODELS.filter((model) => !skip.includes(model.name));
  for (const model of models) for (const row of await rowsOf(model.table.name, model.table.owner)) model.rowSet(state).load(row);
  const rows: Partial<Record<ReadModelName, unknown>> = {};
  for (const model of models) rows[model.name] = model.replay(state, true);
  return rows as Partial<UserReadModels>;
};
