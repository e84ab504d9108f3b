import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; fonts (woff2), images and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every text file of the build that
 * is at least 1 KB and gets smaller; whitenoise serves them to a browser that accepts the encoding, with
 * `Content-Encoding` and `Vary: Accept-Encoding` (issue 42: nothing was compressed on a phone network). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kehadiran-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        jobs.push(
          (async () => {
            const raw = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
