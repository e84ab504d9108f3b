// The bytes a first visit loads, per route, from the build manifest (dist/.vite/manifest.json):
// the entry of index.html with its static imports, plus the route's page chunk with its static imports
// (what Vite preloads with the page), plus the back-office shell for a signed-in route; JS and CSS,
// gzip. Routes and their pages are read from src/app/route-table.ts. Prints a table and exits non-zero
// when a route grows past its limit (LIMITS below; DESIGN §9), when the entry alone passes
// ENTRY_BUDGET_KB, when the entry carries a library only forms need, or when a public route (login,
// wall...) carries the back-office shell, or the login or the wall a form library, editor, map or chart
// (FORBIDDEN_IN_LIGHT). The build also writes dist/.vite/chunk-modules.json
// (scripts/chunk-modules.ts): which modules went into which chunk.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** KB gzip per route: [JS, CSS]. A route not listed is held to DEFAULT_LIMIT. The CSS is Bootstrap's
 * rules the client uses (scripts/purge-bootstrap.ts: 34 KB before, 23 KB after) and the route's own. */
const LIMITS = {
  login: [166, 25],
  wall: [162, 26],
  approvalLink: [172, 25],
  dashboard: [206, 25],
  approvalAttendance: [252, 27],
  employee: [270, 26],
  // 200 → 206: the windowed document (components/report-document/windowed.tsx, @tanstack/react-virtual,
  // 3 KB gzip) renders about 30 rows of a week's 987 instead of 350 (issue 5/7); both documents share it.
  reportDetailDoc: [206, 25],
  reportSummaryDoc: [206, 25],
};
const DEFAULT_LIMIT = [275, 27];
const ENTRY_BUDGET_KB = 250;
const FORBIDDEN_IN_ENTRY = /node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//;
/** The public routes of every first visit carry only their own code: no form library, editor, map or
 * chart (issue 5/7: "the login and the wall carry only their own code"). */
const LIGHT_ROUTES = ['login', 'wall'];
const FORBIDDEN_IN_LIGHT =
  /node_modules\/(zod|react-hook-form|@hookform\/resolvers|@tiptap\/[^/]+|prosemirror-[^/]+|leaflet|react-leaflet|chart\.js|@tanstack\/react-query-devtools)\//;
const SHELL = 'src/app/layout/app-shell.tsx';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const fail = (message) => {
  console.error(message);
  process.exitCode = 1;
};

const manifestFile = join(dist, '.vite', 'manifest.json');
const modulesFile = join(dist, '.vite', 'chunk-modules.json');
for (const file of [manifestFile, modulesFile]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: build with build.manifest and the chunkModules plugin (vite.config.ts)`);
    process.exit(1);
  }
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const chunkModules = JSON.parse(readFileSync(modulesFile, 'utf8'));

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length / 1024);
  return gzipCache.get(file);
}

/** The JS and CSS files a manifest chunk loads with it: itself and its static imports, transitively. */
function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  keys.forEach(walk);
  const js = new Set();
  const css = new Set();
  for (const key of seen) {
    if (manifest[key].file.endsWith('.js')) js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  return { js, css };
}
const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

// --- the entry alone ---------------------------------------------------------------------------
const entry = closure(['index.html']);
const entryKb = sum(entry.js);
console.log(`entry (index.html): ${entryKb.toFixed(1)} KB JS, ${sum(entry.css).toFixed(1)} KB CSS gzip`);
if (entryKb > ENTRY_BUDGET_KB) fail(`the entry's JS exceeds ${ENTRY_BUDGET_KB} KB gzip`);
const offenders = new Set();
for (const file of entry.js) {
  for (const id of chunkModules[file] ?? []) {
    const match = FORBIDDEN_IN_ENTRY.exec(id);
    if (match) offenders.add(`${match[1]} (in ${file})`);
  }
}
if (offenders.size > 0) {
  fail(`the entry carries form libraries: ${[...offenders].join(', ')}; import them only from lazily loaded pages`);
} else {
  console.log('entry: no form libraries (zod, react-hook-form)');
}

// --- the routes of src/app/route-table.ts ------------------------------------------------------
const table = readFileSync(join(root, 'src', 'app', 'route-table.ts'), 'utf8');
const toSource = (specifier) => {
  const base = specifier.replace(/^@\//, 'src/');
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((key) => manifest[key]);
  if (!found) throw new Error(`no chunk in the build manifest for ${specifier}`);
  return found;
};
const loaders = new Map(
  [...table.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map(([, name, spec]) => [name, spec]),
);
const pages = new Map();
for (const [, name, spec, loader] of table.matchAll(
  /const (\w+) = page\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),/g,
)) {
  pages.set(name, toSource(spec ?? loaders.get(loader)));
}
const protectedStart = table.indexOf('export const protectedRoutes');
if (pages.size === 0 || protectedStart < 0) {
  console.error('could not read the routes of src/app/route-table.ts (page(...) declarations, protectedRoutes)');
  process.exit(1);
}
const starts = [...table.matchAll(/\{\s*path: paths\.(\w+),/g)];
const routes = [];
starts.forEach((match, index) => {
  const body = table.slice(match.index, starts[index + 1]?.index ?? table.length);
  const page = /\bpage: (\w+)/.exec(body)?.[1];
  if (!page) return; // a redirect
  if (!pages.has(page)) throw new Error(`route ${match[1]}: page ${page} is not a page(...) of route-table.ts`);
  routes.push({ name: match[1], source: pages.get(page), signedIn: match.index > protectedStart });
});
for (const name of Object.keys(LIMITS)) {
  if (!routes.some((route) => route.name === name)) fail(`LIMITS names ${name}, which route-table.ts no longer has`);
}

const shellFiles = new Set(Object.entries(chunkModules).filter(([, ids]) => ids.includes(SHELL)).map(([f]) => f));
const rows = [];
for (const route of routes) {
  const keys = ['index.html', route.source, ...(route.signedIn ? [SHELL] : [])];
  const { js, css } = closure(keys);
  const [jsLimit, cssLimit] = LIMITS[route.name] ?? DEFAULT_LIMIT;
  const jsKb = sum(js);
  const cssKb = sum(css);
  const over = jsKb > jsLimit || cssKb > cssLimit;
  const shellInPublic = !route.signedIn && [...closure([route.source]).js].some((file) => shellFiles.has(file));
  const heavy = new Set();
  if (LIGHT_ROUTES.includes(route.name)) {
    for (const file of js) {
      for (const id of chunkModules[file] ?? []) {
        const match = FORBIDDEN_IN_LIGHT.exec(id);
        if (match) heavy.add(`${match[1]} (in ${file})`);
      }
    }
  }
  rows.push({ route, jsKb, cssKb, jsLimit, cssLimit, files: js.size + css.size, over, shellInPublic, heavy });
}
rows.sort((a, b) => Number(b.route.name in LIMITS) - Number(a.route.name in LIMITS));

const pad = (value, width) => String(value).padEnd(width);
const num = (value, width) => value.toFixed(1).padStart(width);
console.log(`\n${pad('route', 28)}${'JS KB'.padStart(8)}${'limit'.padStart(7)}${'CSS KB'.padStart(8)}${'limit'.padStart(7)}${'files'.padStart(7)}`);
for (const row of rows) {
  const flag = row.over ? '  OVER' : row.shellInPublic ? '  SHELL' : '';
  console.log(
    `${pad(row.route.name, 28)}${num(row.jsKb, 8)}${String(row.jsLimit).padStart(7)}${num(row.cssKb, 8)}${String(row.cssLimit).padStart(7)}${String(row.files).padStart(7)}${flag}`,
  );
}
for (const row of rows) {
  if (row.over) {
    fail(`${row.route.name}: ${row.jsKb.toFixed(1)} KB JS / ${row.cssKb.toFixed(1)} KB CSS gzip, past its limit ${row.jsLimit} / ${row.cssLimit} KB`);
  }
  if (row.shellInPublic) fail(`${row.route.name}: a public route carries the back-office shell (${SHELL})`);
  if (row.heavy.size > 0) {
    fail(`${row.route.name}: its first load carries ${[...row.heavy].join(', ')}; load them with the part that needs them`);
  }
}
console.log(`\n${LIGHT_ROUTES.join(', ')}: ${rows.some((row) => row.heavy.size > 0) ? 'carry' : 'no'} form library, editor, map or chart in their first load`);
if (process.exitCode) console.error('bundle-size: failed');
else console.log(`\nbundle-size: ${rows.length} routes within their limits`);
