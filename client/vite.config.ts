/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { chunkModules } from './scripts/chunk-modules';
import { precompress } from './scripts/precompress';
import { purgeBootstrap } from './scripts/purge-bootstrap';
import { purgeIcons } from './scripts/purge-icons';
import type { Plugin } from 'vite';

// The id of this build (lib/build-version.ts): compiled into the client and written to dist/build.json,
// which the server answers to every tab; a tab on another id reloads at a safe moment.
const buildId = process.env.KEHADIRAN_BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function buildManifest(): Plugin {
  return {
    name: 'kehadiran-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build: buildId })}\n` });
    },
  };
}

const backend = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react(), purgeIcons(), purgeBootstrap(), chunkModules(), buildManifest(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads each route's initial chunks from it.
    manifest: true,
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
