import { describe, expect, it } from 'vitest';
import { dispositionFileName } from '../download';

describe('dispositionFileName', () => {
  it('prefers filename* and falls back to filename', () => {
    expect(dispositionFileName(`attachment; filename*=utf-8''Template_site_A%20B_2026-08-01.xlsx`)).toBe(
      'Template_site_A B_2026-08-01.xlsx',
    );
    expect(dispositionFileName('attachment; filename="Kesalahan.xlsx"')).toBe('Kesalahan.xlsx');
    expect(dispositionFileName(null)).toBeNull();
  });
});
