/**
 * A worker thread's file beside the calling module: `name.js` once built (`npm run build:server`
 * puts each thread's bundle beside the bundle that starts it), else `name.ts`, run through tsx.
 */
export const threadFile = (moduleUrl: string, name: string): { built: boolean; filename: string } => {
  const built = moduleUrl.endsWith('.js');
  return { built, filename: new URL(`./${name}.${built ? 'js' : 'ts'}`, moduleUrl).href };
};

/**
 * The node flags of a thread whose file is TypeScript: this process's module loader flags
 * (`--import x`, `--import=x`, `--require x`...; V8's flags are refused for a thread), with tsx
 * added unless the process was started with it (`tsx`, or `--import tsx`).
 */
export const tsxThreadArgs = (): string[] => {
  const loaders = process.execArgv.filter(
    (arg, i, all) =>
      /^--(import|require|loader|experimental-loader)(=|$)/.test(arg) ||
      /^--(import|require|loader|experimental-loader)$/.test(all[i - 1] ?? ''),
  );
  return loaders.some((arg) => arg.includes('tsx')) ? loaders : [...loaders, '--import', 'tsx'];
};
