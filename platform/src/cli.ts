import { parseArgs } from 'node:util';

/** parseArgs' options (node:util's own name for it is not exported by every @types/node). */
export type CliOptions = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean; description?: string }>;

/** What a command line takes: its usage line, what it does, its flags and what its positionals may be. */
export interface CliSpec<O extends CliOptions> {
  /** `npm run x -- <a> [--flag]`. */
  usage: string;
  /** A few lines on what it does; printed by --help. */
  about: string;
  /** Flags (`--help` is added). Each may carry a `description` for --help. */
  options: O;
  /** Positional arguments: how many (min, max) and, when they are names from a list, that list. */
  positionals?: { min?: number; max?: number; choices?: readonly string[]; name?: string };
}

type Parsed<O extends CliOptions> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

export type CliParse<O extends CliOptions> =
  { kind: 'run'; values: Parsed<O>['values']; positionals: string[] } | { kind: 'help'; text: string } | { kind: 'error'; message: string };

const helpText = (spec: CliSpec<CliOptions>): string => {
  const flags = Object.entries({ ...spec.options, help: { type: 'boolean', description: 'Print this help and exit' } }).map(
    ([name, option]) =>
      `  --${name}${option.type === 'string' ? ' <value>' : ''}${'description' in option && option.description ? `  ${option.description}` : ''}`,
  );
  const choices = spec.positionals?.choices ? [`${spec.positionals.name ?? 'Arguments'}: ${spec.positionals.choices.join(', ')}`] : [];
  return [`usage: ${spec.usage}`, '', spec.about, '', ...choices, ...(choices.length ? [''] : []), 'Options:', ...flags, ''].join('\n');
};

/**
 * Parses a command line strictly (node:util parseArgs): an unknown flag, a missing flag value, a
 * positional outside the spec's list or count is an error naming what is valid; `--help` asks for help.
 */
export const parseCommandLine = <O extends CliOptions>(args: readonly string[], spec: CliSpec<O>): CliParse<O> => {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, { description: _d, ...option }]) => [name, option]),
  ) as unknown as O;
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }) as Parsed<O>;
  } catch (error) {
    return { kind: 'error', message: `${(error as Error).message.split(/\.( |$)/)[0]}\nusage: ${spec.usage} (--help for more)` };
  }
  if ((parsed.values as { help?: boolean }).help) return { kind: 'help', text: helpText(spec as CliSpec<CliOptions>) };
  const { min = 0, max = 0, choices, name = 'argument' } = spec.positionals ?? {};
  const unknown = choices ? parsed.positionals.filter((p) => !choices.includes(p)) : [];
  if (unknown.length > 0) {
    return { kind: 'error', message: `Unknown ${name} ${unknown.map((u) => `'${u}'`).join(', ')}; valid: ${choices!.join(', ')}` };
  }
  if (parsed.positionals.length < min || parsed.positionals.length > max) {
    return {
      kind: 'error',
      message: `Expected ${min === max ? min : `${min} to ${max}`} ${name}(s), got ${parsed.positionals.length}\nusage: ${spec.usage}`,
    };
  }
  return { kind: 'run', values: parsed.values, positionals: parsed.positionals };
};

/** parseCommandLine on process.argv: prints help (exit 0) or the error (exit 2) and ends the process, else the parsed line. */
export const commandLine = <O extends CliOptions>(
  spec: CliSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): { values: Parsed<O>['values']; positionals: string[] } => {
  const parsed = parseCommandLine(args, spec);
  if (parsed.kind === 'help') {
    process.stdout.write(parsed.text);
    process.exit(0);
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n`);
    process.exit(2);
  }
  return parsed;
};
