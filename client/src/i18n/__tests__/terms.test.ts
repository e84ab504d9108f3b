import { describe, expect, it } from 'vitest';

// The product's term list (DESIGN §18, src/i18n/id.ts): a wrong spelling and its right one.
const WRONG_SPELLINGS: [RegExp, string][] = [
  [/\bijin\b/i, 'Izin'],
  [/\bsilahkan\b/i, 'Silakan'],
  [/'Download'|\bDownload\s/, 'Unduh'],
  // English labels appear only where the spec names them ('Page break', 'Undo', 'My Profile', 'Edit Semua').
  [/^'Export\b|\bExport (Excel|CSV)\b/, 'Unduh'],
  // 'Anda' capitalised in every text (terms.id.ts), also where the spec quotes it in lower case.
  [/\banda\b/, 'Anda'],
  [/\bLayar Dinding\b/, 'Tampilan Dinding'],
  // Retired second names of a screen (terms.id.ts): the audit's and the flags' labels use the term list's.
  [/\b(Pola Jam Kerja|Blacklist Aplikasi|Sync Penggajian|Sinkronisasi HR)\b/, 'the name in terms.id.ts'],
  [/^'(Save|Cancel|Search|Loading|Submit|Close|Upload|Back|Next|Previous|Yes|Settings|Logout|Refresh|Print)'$/, 'the Indonesian label'],
];

const sources = import.meta.glob<string>('../*.ts', { query: '?raw', import: 'default', eager: true });
const files = Object.keys(sources).map((path) => path.slice(3));

/** The texts of a file: its string literals (comments may quote a wrong spelling to forbid it). */
function literals(source: string): string[] {
  return [...source.matchAll(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g)].map((match) => match[0]);
}

describe('the term list', () => {
  it('finds the i18n files', () => {
    expect(files).toEqual(expect.arrayContaining(['id.ts', 'reports.id.ts', 'adjustments.id.ts']));
  });

  it.each(files)('%s spells every term one way', (file) => {
    const texts = literals(sources[`../${file}`]);
    for (const [wrong, right] of WRONG_SPELLINGS) {
      const found = texts.filter((text) => wrong.test(text));
      expect(found, `${file}: write '${right}'`).toEqual([]);
    }
  });

  // Every other source of the client: a text written outside i18n follows the same list.
  const everywhere = import.meta.glob<string>(['/src/**/*.ts', '/src/**/*.tsx', '!/src/**/__tests__/**', '!/src/**/*.d.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('reads the whole client', () => {
    expect(Object.keys(everywhere).length).toBeGreaterThan(100);
  });

  it('spells every term one way in every client source (literals and JSX text)', () => {
    const problems: string[] = [];
    for (const [file, source] of Object.entries(everywhere)) {
      const jsxText = [...source.matchAll(/>([^<>{}\n]*[A-Za-z][^<>{}\n]*)</g)].map((match) => match[1]);
      for (const text of [...literals(source), ...jsxText]) {
        for (const [wrong, right] of WRONG_SPELLINGS) if (wrong.test(text)) problems.push(`${file}: ${text} → ${right}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches a wrong spelling', () => {
    expect(literals("a: 'Pengajuan Ijin', b: `Silahkan ${x}`").some((text) => WRONG_SPELLINGS[0][0].test(text))).toBe(true);
    expect(literals("b: `Silahkan ${x}`").some((text) => WRONG_SPELLINGS[1][0].test(text))).toBe(true);
    expect(literals("c: 'Export Excel'").some((text) => WRONG_SPELLINGS[3][0].test(text))).toBe(true);
    expect(literals("d: 'Save'").some((text) => WRONG_SPELLINGS[7][0].test(text))).toBe(true);
    expect(literals("f: 'Halaman yang anda cari'").some((text) => WRONG_SPELLINGS[4][0].test(text))).toBe(true);
    expect(literals("g: 'Halaman yang Anda cari', h: 'pandangan'").some((text) => WRONG_SPELLINGS[4][0].test(text))).toBe(false);
    expect(literals("e: 'Page break'").some((text) => WRONG_SPELLINGS.some(([wrong]) => wrong.test(text)))).toBe(false);
  });
});
