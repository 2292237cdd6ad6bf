/** What foldOrder reads of a read model: its name and the models it must see an event after or before. */
interface Ordered {
  name: string;
  after?: readonly string[];
  before?: readonly string[];
}

/**
 * The order in which read models see an event: every model after the ones it declares it comes
 * `after`, and before the ones it declares it comes `before`. Among models free to go either way,
 * the order of `models` is kept, so the result does not depend on anything but the declarations
 * and is stable. An unknown name, a model listed twice or a cycle of declarations throws.
 */
export const foldOrder = <M extends Ordered>(models: readonly M[]): M[] => {
  const byName = new Map<string, M>();
  for (const model of models) {
    if (byName.has(model.name)) throw new Error(`Read model ${model.name} is listed twice`);
    byName.set(model.name, model);
  }
  const known = (model: M, name: string): string => {
    if (!byName.has(name)) throw new Error(`Read model ${model.name} is ordered against ${name}, which is not in the list`);
    return name;
  };
  /** Per model, the models that must see an event first. */
  const first = new Map<string, Set<string>>(models.map((model) => [model.name, new Set()]));
  for (const model of models) {
    for (const name of model.after ?? []) first.get(model.name)!.add(known(model, name));
    for (const name of model.before ?? []) first.get(known(model, name))!.add(model.name);
  }
  const ordered: M[] = [];
  const placed = new Set<string>();
  while (ordered.length < models.length) {
    const next = models.find((model) => !placed.has(model.name) && [...first.get(model.name)!].every((name) => placed.has(name)));
    if (!next) {
      const left = models.filter((model) => !placed.has(model.name)).map((model) => model.name);
      throw new Error(`Read models ordered in a cycle: ${left.join(', ')}`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
};
