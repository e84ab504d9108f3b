import type { DataTableColumn } from '@/components/data-table';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import { formatTableDate, formatTableDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import type { ManualUploadRow } from '../api/uploads';

const c = text.list;

/** The columns of the upload list and of the detail's header row (doc2 §2.4, §2.8). */
export const UPLOAD_COLUMNS: DataTableColumn<ManualUploadRow>[] = [
  { key: 'form_number', header: c.formNumber, cell: (row) => row.form_number, sortable: true, searchable: true },
  { key: 'creator_user_name', header: c.creator, cell: (row) => row.creator_user_name || '-', sortable: true, searchable: true },
  { key: 'created', header: c.created, cell: (row) => formatTableDateTime(row.created), sortable: true },
  { key: 'total_data', header: c.total, cell: (row) => formatCount(row.total_data), sortable: true },
  { key: 'start_date', header: c.range, cell: (row) => `${formatTableDate(row.start_date)} - ${formatTableDate(row.end_date)}`, sortable: true },
  { key: 'man_power_name', header: c.manPower, cell: (row) => row.man_power_name, sortable: true, searchable: true },
];
