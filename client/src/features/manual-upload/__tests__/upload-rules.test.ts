import { describe, expect, it } from 'vitest';
import { manualUploadText as text } from '@/i18n/manual-upload';
import { fileProblem, MAX_FILE_BYTES, templateParamsOf } from '../components/upload-rules';

const range = { start: '2026-08-01', end: '2026-08-07' };
const manPower = { type: 'site', name: 'Site Balikpapan', team: '', group: '' };

describe('templateParamsOf', () => {
  it('needs both dates, the type and the name (doc2 §5)', () => {
    expect(templateParamsOf({ start: '', end: '2026-08-07' }, manPower)).toBe(`${text.incomplete} Belum diisi: Tanggal mulai.`);
    expect(templateParamsOf(range, { ...manPower, type: '' })).toBe(`${text.incomplete} Belum diisi: Tipe Man Power.`);
    expect(templateParamsOf(range, { ...manPower, name: '' })).toBe(`${text.incomplete} Belum diisi: Nama Man Power.`);
  });

  it('sends the range and the placement', () => {
    expect(templateParamsOf(range, manPower)).toEqual({
      start_date: '2026-08-01',
      end_date: '2026-08-07',
      man_power_type: 'site',
      man_power_name: 'Site Balikpapan',
    });
  });
});

describe('fileProblem', () => {
  it('needs a chosen file', () => {
    expect(fileProblem(null)).toBe(`${text.incomplete} Belum diisi: File kehadiran.`);
  });

  it('takes xls and xlsx only, up to 10 MB', () => {
    expect(fileProblem({ name: 'Template.XLSX', size: 100 })).toBeNull();
    expect(fileProblem({ name: 'lama.xls', size: 100 })).toBeNull();
    expect(fileProblem({ name: 'data.csv', size: 100 })).toBe(text.file.wrongType);
    expect(fileProblem({ name: 'besar.xlsx', size: MAX_FILE_BYTES + 1 })).toBe(text.file.tooLarge);
  });
});

