import { READ_MODELS, type ReadModelName, type TableName } from '@bt/read-models';

/**
 * The names a read model answers to on the command line: its name (`analyticsDaily`), its table
 * (`analytics_daily`, or `analytics-daily`), and a table prefix several of them share when it names
 * no read model itself (`analytics`: its four tables).
 */
const aliases = (): Map<string, ReadModelName[]> => {
  const names = new Map<string, ReadModelName[]>();
  const add = (alias: string, model: ReadModelName) => {
    const key = alias.toLowerCase().replace(/-/g, '_');
    const list = names.get(key) ?? [];
    if (!list.includes(model)) names.set(key, [...list, model]);
  };
  for (const model of READ_MODELS) {
    add(model.name, model.name);
    add(model.table.name, model.name);
  }
  const prefixes = new Map<string, ReadModelName[]>();
  for (const model of READ_MODELS) {
    const prefix = model.table.name.split('_')[0];
    if (prefix !== model.table.name) prefixes.set(prefix, [...(prefixes.get(prefix) ?? []), model.name]);
  }
  for (const [prefix, models] of prefixes) if (models.length > 1 && !names.has(prefix)) for (const m of models) add(prefix, m);
  return names;
};

/** The read models as the command line lists them: `name (table)`, and the groups. */
export const readModelChoices = (): string => {
  const groups = [...aliases()].filter(([, models]) => models.length > 1).map(([alias, models]) => `${alias} (${models.join(', ')})`);
  return [...READ_MODELS.map((model) => `${model.name} (${model.table.name})`), ...groups].join(', ');
};

export class UnknownReadModel extends Error {}

/** The read models `names` name (see aliases), in fold order; throws UnknownReadModel, listing them all, for a name that is none. */
export const resolveReadModels = (names: readonly string[]): ReadModelName[] => {
  const known = aliases();
  const unknown = names.filter((name) => !known.has(name.toLowerCase().replace(/-/g, '_')));
  if (unknown.length > 0 || names.length === 0) {
    throw new UnknownReadModel(
      `${unknown.length > 0 ? `Unknown read model(s): ${unknown.join(', ')}` : 'No read model named'}. The read models: ${readModelChoices()}`,
    );
  }
  const wanted = new Set(names.flatMap((name) => known.get(name.toLowerCase().replace(/-/g, '_'))!));
  return READ_MODELS.filter((model) => wanted.has(model.name)).map((model) => model.name);
};

/** The tables of some read models. */
export const tablesOf = (names: readonly ReadModelName[]): TableName[] =>
  READ_MODELS.filter((model) => names.includes(model.name)).map((model) => model.table.name);
