import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ellipsisCheck } from './build/ellipsis-check.ts';
import { lazyProFields } from './build/lazy-pro-fields.ts';
import { precompress } from './build/precompress.ts';
import { styleUpdate } from './build/style-update.ts';

export default defineConfig({
  plugins: [lazyProFields(), styleUpdate(), ellipsisCheck(), react(), precompress()],
  base: './',
  server: {
    proxy: { '/monitor/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A call declaration builds plain objects: pages keep only the calls they use.
      treeshake: { manualPureFunctions: ['defineCall'] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
  },
});
