import { createHandoff } from '@/lib/handoff';
import type { PayrollPreviewRow } from '../api/get-payroll-preview';
import type { SyncParams } from '../api/payroll-params';

/** The preview handed from /sync/attendance to /sync/attendance/validation (doc2 §2.12). */
export interface PayrollPreview {
  params: SyncParams;
  rows: PayrollPreviewRow[];
}

const preview = createHandoff<PayrollPreview>();

export const setPayrollPreview = preview.set;

export const getPayrollPreview = preview.get;
