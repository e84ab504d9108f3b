import { describe, expect, it } from 'vitest';

// The product's term list (DESIGN §18, src/i18n/id.ts): a wrong spelling and its right one.
const WRONG_SPELLINGS: [RegExp, string][] = [
  [/\bijin\b/i, 'Izin'],
  [/\bsilahkan\b/i, 'Silakan'],
  [/'Download'|\bDownload\s/, 'Unduh'],
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

  it('catches a wrong spelling', () => {
    expect(literals("a: 'Pengajuan Ijin', b: `Silahkan ${x}`").some((text) => WRONG_SPELLINGS[0][0].test(text))).toBe(true);
    expect(literals("b: `Silahkan ${x}`").some((text) => WRONG_SPELLINGS[1][0].test(text))).toBe(true);
  });
});
