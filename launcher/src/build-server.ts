import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * `npm run build:server`: the services as plain JavaScript for `node` (the Docker image runs these,
 * not tsx). Each entry point becomes one ES module in its workspace's dist/ with our own
 * workspaces (@bt/*) bundled in. Every npm package stays outside the bundle, imported by the path
 * it resolves to from the file that imports it (as tsx resolves it), relative to the bundle: the
 * image installs the same lockfile with `npm ci --omit=dev`, so the same paths hold there.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/** [entry, bundle] relative to the repository. */
export const SERVER_ENTRIES: readonly (readonly [string, string])[] = [
  ['launcher/src/start.ts', 'launcher/dist/start.js'],
  // The product that start.js runs in a process group of its own.
  ['launcher/src/product-main.ts', 'launcher/dist/product-main.js'],
  ['launcher/src/gateway.ts', 'launcher/dist/gateway.js'],
  ['launcher/src/log-cli.ts', 'launcher/dist/log-cli.js'],
  ['launcher/src/healthcheck.ts', 'launcher/dist/healthcheck.js'],
  // The transparency log's writer, a compose service of its own.
  ['launcher/src/transparency/main.ts', 'launcher/dist/transparency-log.js'],
  // The one-process default runs query-api's replay threads too: their file sits next to the bundle.
  ['query-api/src/replay-worker.ts', 'launcher/dist/replay-worker.js'],
  // ...and the projector's thread.
  ['projector/src/projector-worker.ts', 'launcher/dist/projector-worker.js'],
  // ...and the transparency log writer's thread.
  ['launcher/src/transparency/log-writer-worker.ts', 'launcher/dist/log-writer-worker.js'],
  // ...and command-api's import plan thread.
  ['command-api/src/imports/plan-worker.ts', 'launcher/dist/plan-worker.js'],
  ['command-api/src/main.ts', 'command-api/dist/main.js'],
  ['command-api/src/imports/plan-worker.ts', 'command-api/dist/plan-worker.js'],
  ['query-api/src/main.ts', 'query-api/dist/main.js'],
  ['query-api/src/replay-worker.ts', 'query-api/dist/replay-worker.js'],
  ['projector/src/main.ts', 'projector/dist/main.js'],
  ['projector/src/rebuild-cli.ts', 'projector/dist/rebuild-cli.js'],
  // A partitioned rebuild's threads: their file sits next to the rebuild's bundle.
  ['projector/src/rebuild-worker.ts', 'projector/dist/rebuild-worker.js'],
];

const BUILTIN = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || BUILTIN.has(specifier.split('/')[0]!);

/** npm packages stay external, at the path they resolve to from their importer (relative to `outDir`). */
const externalPackages = (outDir: string): Plugin => ({
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('@bt/')) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await esbuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const path = relative(outDir, resolved.path).split(sep).join('/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
});

export const buildServer = async (root = ROOT): Promise<string[]> => {
  for (const dir of new Set(SERVER_ENTRIES.map(([, out]) => dirname(join(root, out))))) rmSync(dir, { recursive: true, force: true });
  for (const [entry, out] of SERVER_ENTRIES) {
    const outfile = join(root, out);
    await build({
      entryPoints: [join(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [externalPackages(dirname(outfile))],
    });
  }
  return SERVER_ENTRIES.map(([, out]) => out);
};

if (import.meta.filename === process.argv[1]) {
  const built = await buildServer();
  console.log(`built ${built.join(', ')}`);
}
