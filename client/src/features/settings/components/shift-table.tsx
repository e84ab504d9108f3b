import { AuditHistory } from '@/components/audit-history/audit-history';
import { CrudPage } from '@/components/crud-page';
import type { DataTableColumn } from '@/components/data-table';
import { id as t } from '@/i18n/id';
import { shiftApi, topics, type ShiftRow } from '../api/settings-api';
import { ShiftFields, emptyShift, shiftInput, shiftSchema, shiftValues, type ShiftOutput, type ShiftValues } from './shift-fields';
import type { CrudFlags } from './use-crud-flags';

const text = t.settings.shift;
const hhmm = (value: string) => value.slice(0, 5);

const columns: DataTableColumn<ShiftRow>[] = [
  { key: 'code', header: text.columns.code, cell: (row) => row.code, sortable: true, searchable: true },
  { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'time_in', header: text.columns.timeIn, cell: (row) => hhmm(row.time_in), sortable: true },
  { key: 'time_out', header: text.columns.timeOut, cell: (row) => hhmm(row.time_out), sortable: true },
  {
    key: 'minimum_check_in_time',
    header: text.columns.minimumCheckIn,
    cell: (row) => t.settings.hours(row.minimum_check_in_time),
    sortable: true,
  },
];

/** Jam Kerja: the shift table and its modal (doc3 §2.5), inside the work schedule screen. */
export function ShiftTable({ title, flags }: { title: string; flags: CrudFlags }) {
  return (
    <CrudPage<ShiftRow, ShiftValues, ShiftOutput>
      title={title}
      header={false}
      tableTitle={text.table}
      columns={columns}
      rowKey={(row) => row.hash_id}
      queryKey={[topics.shift]}
      topic={topics.shift}
      fetchList={shiftApi.list}
      listOptions={{ prefix: 'shift_', defaults: { sort: { column: 'code', dir: 'asc' } } }}
      emptyText={t.settings.empty}
      skeletonRows={10}
      modalTitle={text.modal}
      modalSize="lg"
      schema={shiftSchema}
      emptyValues={emptyShift}
      toValues={shiftValues}
      fields={(mode, row) => (
        <>
          <ShiftFields mode={mode} />
          {row && mode === 'view' ? <AuditHistory objectType="shift" objectId={row.hash_id} /> : null}
        </>
      )}
      create={(values) => shiftApi.create(shiftInput(values))}
      update={(row, values) => shiftApi.update(row.hash_id, shiftInput(values))}
      remove={(row) => shiftApi.remove(row.hash_id)}
      canCreate={flags.create}
      canUpdate={flags.update}
      canDelete={flags.delete}
    />
  );
}
