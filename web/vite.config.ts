import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://localhost:3000';

/**
 * The modules the entry loads statically, found once the module graph is built (chunks are formed
 * after that), so the chunk group below can leave them in the entry.
 */
const entryModules = () => {
  const ids = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-modules',
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (ids.has(id)) continue;
        ids.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id: string) => ids.has(id) };
};

const entry = entryModules();

/**
 * React Router 7 names only its development build in its package exports (remix-run/react-router#14102:
 * dev warnings on in production); the build takes its production build, the same code with them off.
 */
const routerBuild = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerBuild, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), entry.plugin],
  resolve: { alias: command === 'build' ? productionRouter : [] },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The code two or more screens share, in one chunk rather than a score of small ones:
            // the dashboard's first paint fetched 23 files after the entry (about four rounds of a
            // phone's six connections), now 9. Each screen keeps its own chunk; the entry and the
            // charts (ApexCharts, loaded after the page) stay where they were.
            {
              name: 'shared',
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: (id: string) => !entry.has(id) && !/apexcharts/.test(id),
            },
          ],
        },
      },
    },
  },
}));
