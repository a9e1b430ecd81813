import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../apps/web/build/precompress.ts';

/** The budget's baseline page, built and served as the console is (compressed copies, same server). */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
