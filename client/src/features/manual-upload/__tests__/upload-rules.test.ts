import { describe, expect, it } from 'vitest';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import { fileErrorsOf, MAX_FILE_BYTES, templateErrorsOf, templateParamsOf } from '../components/upload-rules';

const range = { start: '2026-08-01', end: '2026-08-07' };
const manPower = { type: 'site', name: 'Site Balikpapan', team: '', group: '' };

describe('templateParamsOf', () => {
  it('needs both dates, the type and the name (doc2 §5), each named on its field', () => {
    expect(templateErrorsOf({ start: '', end: '2026-08-07' }, manPower)).toEqual({ start: 'Tanggal mulai harus diisi' });
    expect(templateParamsOf({ start: '', end: '2026-08-07' }, manPower)).toBeNull();
    expect(templateErrorsOf(range, { ...manPower, type: '', name: '' })).toEqual({
      manPowerType: 'Tipe Man Power harus diisi',
      manPowerName: 'Nama Man Power harus diisi',
    });
    expect(templateErrorsOf(range, { ...manPower, name: '' })).toEqual({ manPowerName: 'Nama Man Power harus diisi' });
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
    expect(fileErrorsOf(null)).toEqual({ file: 'File kehadiran harus diisi' });
  });

  it('takes xls and xlsx only, up to 10 MB', () => {
    expect(fileErrorsOf({ name: 'Template.XLSX', size: 100 })).toEqual({});
    expect(fileErrorsOf({ name: 'lama.xls', size: 100 })).toEqual({});
    expect(fileErrorsOf({ name: 'data.csv', size: 100 })).toEqual({ file: text.file.wrongType });
    expect(fileErrorsOf({ name: 'besar.xlsx', size: MAX_FILE_BYTES + 1 })).toEqual({ file: text.file.tooLarge });
  });
});

