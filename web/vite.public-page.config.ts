import { defineConfig } from 'vite';

/**
 * The public page /u/<handle> (public-profile.html, src/public-page.ts), built on its own after the
 * app (`npm run build`) into the same dist/: it shares no chunk with the app, so neither one's
 * files change with the other's (the modules both use, the theme and formats, are in each).
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rolldownOptions: { input: 'public-profile.html' },
  },
});
