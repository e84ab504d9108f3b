// Prints the gzip size of the JS a first visit loads: the entry script of dist/index.html plus
// its modulepreload links. Exits non-zero above the budget (DESIGN §9).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
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
