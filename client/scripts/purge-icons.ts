import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ICONS_CSS = /node_modules\/bootstrap-icons\/font\/bootstrap-icons(\.min)?\.css$/;
const ICON_RULE = /\.bi-([a-z0-9-]+)::before\{content:"[^"]*"\}/g;
const SOURCE = /\.(tsx?|css|html)$/;

async function* sources(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The icon names the client's sources name (`bi-x-lg`); one ending in `-` (`bi-chevron-${...}`) keeps
 * every icon it starts. */
async function usedIcons(root: string): Promise<{ names: Set<string>; prefixes: string[] }> {
  const names = new Set<string>();
  for await (const file of sources(join(root, 'src'))) {
    for (const [, name] of (await readFile(file, 'utf8')).matchAll(/\bbi-([a-z0-9-]+)/g)) names.add(name);
  }
  return { names, prefixes: [...names].filter((name) => name.endsWith('-')) };
}

/** Build only: bootstrap-icons.min.css lists all 2,000 icons (85 KB, 14 KB gzip, render-blocking on
 * every page); keep only the rules of the icons the sources use (issue 42). The build reads the sources
 * afresh, so a new icon is kept as soon as a file names it in full (`'bi-trash'`, not `'bi-' + name`). */
export function purgeIcons(): Plugin {
  let root = '';
  return {
    name: 'kehadiran-purge-icons',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!ICONS_CSS.test(id.split('?')[0])) return null;
      const { names, prefixes } = await usedIcons(root);
      const kept = (name: string) => names.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
      return { code: code.replace(ICON_RULE, (rule, name: string) => (kept(name) ? rule : '')), map: null };
    },
  };
}
