// Prints the gzip size of the JS a first visit loads: the entry script of dist/index.html plus
// its modulepreload links. Exits non-zero above the budget (DESIGN §9), or when that JS carries a
// library only forms need (they load with the pages that use them; the build writes which modules
// went into which chunk to dist/.vite/chunk-modules.json, see scripts/chunk-modules.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const FORBIDDEN_IN_FIRST_LOAD = /node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const files = new Set();
for (const [, src] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(src);
for (const [tag] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
  const href = /href="([^"]+)"/.exec(tag)?.[1];
  if (href) files.add(href);
}
if (files.size === 0) {
  console.error('no entry script found in dist/index.html');
  process.exit(1);
}

let bytes = 0;
for (const file of files) {
  bytes += gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
}
const kb = bytes / 1024;
console.log(`initial JS: ${kb.toFixed(1)} KB gzip`);
if (kb > BUDGET_KB) {
  console.error(`initial JS exceeds ${BUDGET_KB} KB gzip`);
  process.exit(1);
}

const modulesFile = join(dist, '.vite', 'chunk-modules.json');
if (!existsSync(modulesFile)) {
  console.error('dist/.vite/chunk-modules.json is missing: build with the chunkModules plugin (vite.config.ts)');
  process.exit(1);
}
const chunkModules = JSON.parse(readFileSync(modulesFile, 'utf8'));
const offenders = new Set();
for (const file of files) {
  for (const id of chunkModules[file.replace(/^\//, '')] ?? []) {
    const match = FORBIDDEN_IN_FIRST_LOAD.exec(id);
    if (match) offenders.add(`${match[1]} (in ${file})`);
  }
}
if (offenders.size > 0) {
  console.error(`initial JS carries form libraries: ${[...offenders].join(', ')}; import them only from lazily loaded pages`);
  process.exit(1);
}
console.log('initial JS: no form libraries (zod, react-hook-form)');
