import { createHandoff, type LoadedRows } from '@/lib/handoff';
import type { PayrollPreviewRow } from '../api/get-payroll-preview';
import type { SyncParams } from '../api/payroll-params';

/** The preview handed from /sync/attendance to /sync/attendance/validation (doc2 §2.12). */
const preview = createHandoff<LoadedRows<SyncParams, PayrollPreviewRow>>();

export const { set: setPayrollPreview, get: getPayrollPreview } = preview;
