import { describe, expect, it } from 'vitest';
import type { JobRow } from '@/components/jobs/job-types';
import { uploadCounts } from '../components/upload-counts';

const job = (fields: Partial<JobRow>): JobRow =>
  ({ job: 'j1', kind: 'upload.attendance', status: 'running', processed: 0, total: 0, errors: [], error_count: 0, result: {}, ...fields }) as JobRow;

describe('uploadCounts', () => {
  it('says which phase runs and how far, in rows', () => {
    expect(uploadCounts(job({ processed: 1500, total: 4240, result: { phase: 'validasi', file_rows: 2120 } }))).toBe(
      'Memvalidasi 1.500 dari 2.120 baris',
    );
    expect(
      uploadCounts(job({ processed: 2220, total: 2220 + 300, result: { phase: 'impor', file_rows: 2120, import_from: 2120, rows: 300 } })),
    ).toBe('Menyimpan 100 dari 300 baris');
  });

  it('ends with what was imported, and the rows in error after a failure (never the validated count)', () => {
    expect(
      uploadCounts(job({ status: 'failed', processed: 0, total: 212, result: { imported: 0, rows: 212, error_rows: 106, file_rows: 212 } })),
    ).toBe('0 dari 212 baris diimpor: 106 baris bermasalah');
    expect(uploadCounts(job({ status: 'succeeded', processed: 3, total: 3, result: { imported: 3, rows: 3 } }))).toBe('3 dari 3 baris diimpor');
    // A file refused as a whole: nothing imported, no row named.
    expect(uploadCounts(job({ status: 'failed', result: { imported: 0, rows: 0, error_rows: 0 } }))).toBe('Tidak ada baris yang diimpor');
  });
});
