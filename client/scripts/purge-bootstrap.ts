import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import postcss, { type Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { Plugin } from 'vite';

/** The build's resolver (a plugin context's `resolve`), which follows package.json fields as Vite does. */
type Resolve = (specifier: string, importer: string) => Promise<{ id: string } | null>;

const BOOTSTRAP_CSS = /node_modules\/bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/;
const SOURCE = /\.(tsx?|css|html)$/;
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
/** The packages that put Bootstrap's classes on elements: their modules the client reaches are read too. */
const CLASS_PACKAGES = /node_modules\/(react-bootstrap|@restart\/ui|dom-helpers)\//;
const WORD = /[A-Za-z0-9_-]+/g;

/**
 * Classes react-bootstrap or the browser sets while a component runs (transitions, open menus, popper
 * placements, validation): kept whatever the sources say, so a transition or a placement never loses
 * its styles because its class is built at run time.
 */
const SAFELIST = [
  /^(fade|show|showing|hiding|collapse|collapsing|collapse-horizontal|active|disabled)$/,
  /^(modal|modal-open|modal-backdrop|modal-static|modal-dialog|modal-content|offcanvas-backdrop)$/,
  /^(tooltip|tooltip-inner|tooltip-arrow|popover|popover-arrow|dropdown-menu|dropdown-item|toast)$/,
  /^bs-(tooltip|popover)-(auto|top|bottom|start|end)$/,
  /^(was-validated|is-valid|is-invalid|valid-feedback|invalid-feedback)$/,
  /^(visually-hidden|visually-hidden-focusable)$/,
];

async function* sources(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The text that names classes: the client's sources and index.html (`own`), and the modules of
 * react-bootstrap (with @restart/ui and dom-helpers) the sources import, followed through their
 * imports (`library`): a component the client does not use (carousel, accordion...) keeps no styles. */
async function classText(root: string, resolve: Resolve): Promise<{ own: string[]; library: string[] }> {
  const own: string[] = [await readFile(join(root, 'index.html'), 'utf8')];
  const library: string[] = [];
  const queue: { specifier: string; importer: string }[] = [];
  for await (const file of sources(join(root, 'src'))) {
    const text = await readFile(file, 'utf8');
    own.push(text);
    for (const [, specifier] of text.matchAll(IMPORT)) {
      if (specifier.startsWith('react-bootstrap')) queue.push({ specifier, importer: file });
    }
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { specifier, importer } = queue.pop()!;
    const resolved = await resolve(specifier, importer);
    const id = resolved?.id.split('?')[0];
    if (!id || seen.has(id) || !CLASS_PACKAGES.test(id)) continue;
    seen.add(id);
    const text = await readFile(id, 'utf8');
    library.push(text);
    for (const [, next] of text.matchAll(IMPORT)) queue.push({ specifier: next, importer: id });
  }
  return { own, library };
}

/**
 * Whether a class is used: named in full by the text (`'btn-sm'`), or after a prefix a template builds
 * it from (`` `text-${tone}` ``), or built by a react-bootstrap component the client imports from its
 * prefix and words of the text (`${prefix}-${variant}`: 'btn' and 'outline-danger';
 * `${prefix}-${animation}-${size}`: 'spinner', 'border' and 'sm').
 */
export function classMatcher({ own, library }: { own: string[]; library: string[] }): (name: string) => boolean {
  const texts = [...own, ...library];
  const words = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(WORD)) words.add(word).add(word.replace(/^-+|-+$/g, ''));
  }
  // The start of a class a template or a concatenation builds: `text-${tone}`, 'bg-' + tone.
  const prefixes = new Set<string>();
  for (const text of texts) {
    for (const [, prefix] of text.matchAll(/([a-z][a-z0-9-]*-)(?:\$\{|['"]\s*\+)/g)) prefixes.add(prefix);
  }
  // The words a component's class is built from: the values the client passes (`variant="outline-danger"`,
  // `size="sm"`, `'sm' | 'lg'`, `span={6}`), the breakpoints it names (`<Col md={6}>`), the suffixes
  // of the components' own templates (`${dialogClass}-scrollable`), and react-bootstrap's default
  // variant. Only values: a word of a comment or a name ('md' of 'README.md') would keep a component's
  // classes for every breakpoint.
  const values = new Set<string>(['primary']);
  for (const text of library) for (const [, suffix] of text.matchAll(/\}-([a-z][a-z0-9-]*)/g)) values.add(suffix);
  for (const text of own) {
    for (const [, value] of text.matchAll(/['"`]([a-z0-9][a-z0-9-]*)['"`]/g)) values.add(value);
    for (const [, value] of text.matchAll(/=\{(\d+)\}/g)) values.add(value);
    for (const [, value] of text.matchAll(/\b(xs|sm|md|lg|xl|xxl)=\{/g)) values.add(value);
  }
  const components = new Set<string>();
  for (const text of library) {
    for (const [, fallback] of text.matchAll(/useBootstrapPrefix\(\s*[\w.]+\s*,([^)]*)\)/g)) {
      for (const [, prefix] of fallback.matchAll(/'([a-z][a-z0-9-]*)'/g)) components.add(prefix);
    }
  }
  /** Can `rest` be cut at hyphens into such words? */
  const wordsJoined = (rest: string): boolean => {
    const parts = rest.split('-');
    const reach = new Array<boolean>(parts.length + 1).fill(false);
    reach[0] = true;
    for (let end = 1; end <= parts.length; end += 1) {
      for (let start = 0; start < end && !reach[end]; start += 1) {
        reach[end] = reach[start] && values.has(parts.slice(start, end).join('-'));
      }
    }
    return reach[parts.length];
  };
  const built = (name: string): boolean =>
    [...components].some((prefix) => name.startsWith(`${prefix}-`) && wordsJoined(name.slice(prefix.length + 1)));
  return (name) =>
    words.has(name) ||
    SAFELIST.some((pattern) => pattern.test(name)) ||
    [...prefixes].some((prefix) => name.startsWith(prefix)) ||
    built(name);
}

/** A selector stays when every class it needs is used; classes inside :not(), :is()... are not needed. */
export function purge(root: Root, used: (name: string) => boolean): void {
  const needed = (selector: selectorParser.Selector): boolean => {
    let keep = true;
    selector.walkClasses((node) => {
      let parent = node.parent;
      while (parent && parent !== selector) {
        if (parent.parent?.type === 'pseudo') return;
        parent = parent.parent as typeof parent;
      }
      if (!used(node.value)) keep = false;
    });
    return keep;
  };
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const selectors = selectorParser((list) => {
      list.each((selector) => {
        if (!needed(selector)) selector.remove();
      });
    }).processSync(rule.selector);
    if (selectors.trim() === '') rule.remove();
    else rule.selector = selectors;
  });
  root.walkAtRules((atRule) => {
    if (/^(media|supports|container|layer)$/i.test(atRule.name) && atRule.nodes?.length === 0) atRule.remove();
  });
}

/** Build only: bootstrap.min.css (232 KB, 31 KB gzip, render-blocking on every page) keeps only the rules
 * of the classes the client uses (issue 5/7): its components' and utilities' classes the sources and
 * the react-bootstrap modules they import name, plus SAFELIST. Element rules (reboot), variables and
 * keyframes stay. The build reads the sources afresh, so a class is kept as soon as a file names it. */
export function purgeBootstrap(): Plugin {
  let root = '';
  return {
    name: 'kehadiran-purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!BOOTSTRAP_CSS.test(id.split('?')[0])) return null;
      const resolve: Resolve = (specifier, importer) => this.resolve(specifier, importer, { skipSelf: true });
      const used = classMatcher(await classText(root, resolve));
      const css = postcss.parse(code.replace(/\/\*# sourceMappingURL=.*\*\//, ''));
      purge(css, used);
      return { code: css.toString(), map: null };
    },
  };
}
