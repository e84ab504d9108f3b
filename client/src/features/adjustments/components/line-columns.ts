import type { DataTableColumn } from '@/components/data-table';
import { formatTableDate, formatTime } from '@/lib/dates';

/** The day and its check-in and check-out times ('-' when missing) of an adjustment line or report row. */
export function dayColumns<Row extends { date: string; check_in_time?: string | null; check_out_time?: string | null }>(c: {
  date: string;
  checkIn: string;
  checkOut: string;
}): DataTableColumn<Row>[] {
  return [
    { key: 'date', header: c.date, cell: (r) => formatTableDate(r.date) || '-', sortable: true },
    { key: 'check_in_time', header: c.checkIn, cell: (r) => (r.check_in_time ? formatTime(r.check_in_time) : '') || '-' },
    { key: 'check_out_time', header: c.checkOut, cell: (r) => (r.check_out_time ? formatTime(r.check_out_time) : '') || '-' },
  ];
}
