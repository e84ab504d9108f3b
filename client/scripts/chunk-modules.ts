import type { Plugin } from 'vite';

/** Writes dist/.vite/chunk-modules.json: each emitted JS chunk → the modules bundled into it
 * (paths relative to the client folder), so scripts/bundle-size.mjs can tell what the first load carries. */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'kehadiran-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map[output.fileName] = output.moduleIds.map((id) => (id.startsWith(root) ? id.slice(root.length + 1) : id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
