/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chunkModules } from './scripts/chunk-modules';

const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), chunkModules()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget that matters is the initial JS (scripts/bundle-size.mjs); page chunks load lazily.
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend, ws: true, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Generous per-test budget: the suite shares 2 cores with the rest of `make test` on CI.
    testTimeout: 20_000,
  },
});
