import type { PayrollPreviewRow } from '../api/get-payroll-preview';
import type { SyncParams } from '../api/payroll-params';

/**
 * The preview handed from /sync/attendance to /sync/attendance/validation. It lives in memory only:
 * opened without it (a reload, a typed URL) the validation page goes back to the filter (doc2 §2.12).
 */
export interface PayrollPreview {
  params: SyncParams;
  rows: PayrollPreviewRow[];
}

let current: PayrollPreview | null = null;

export function setPayrollPreview(preview: PayrollPreview | null): void {
  current = preview;
}

export function getPayrollPreview(): PayrollPreview | null {
  return current;
}
