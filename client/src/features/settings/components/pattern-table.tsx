import { useState } from 'react';
import { CardPanel } from '@/components/card-panel';
import { AddButton } from '@/components/crud-page';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { id as t } from '@/i18n/id';
import { formatDate } from '@/lib/dates';
import { useListQuery } from '@/lib/list-query';
import { useTopic } from '@/lib/realtime';
import { shiftPatternApi, topics, type ShiftPatternRow } from '../api/settings-api';
import { PatternModal } from './pattern-modal';
import type { CrudFlags } from './use-crud-flags';

const text = t.settings.pattern;

const columns: DataTableColumn<ShiftPatternRow>[] = [
  { key: 'code', header: text.columns.code, cell: (row) => row.code, sortable: true, searchable: true },
  { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'day_circle_number', header: text.columns.cycle, cell: (row) => row.day_circle_number, sortable: true },
  { key: 'starting_date', header: text.columns.startingDate, cell: (row) => formatDate(row.starting_date), sortable: true },
];

/** Pola Kerja: the pattern table and its modal (doc3 §2.5), inside the work schedule screen. */
export function PatternTable({ flags }: { flags: CrudFlags }) {
  useTopic(topics.shiftPattern);
  // Pattern contents show shift names and hours: a shift edit elsewhere refreshes them too.
  useTopic(topics.shift);
  const { table } = useListQuery([topics.shiftPattern], shiftPatternApi.list, {
    prefix: 'pattern_',
    defaults: { sort: { column: 'code', dir: 'asc' } },
  });
  const [open, setOpen] = useState<{ hashId: string | null } | null>(null);
  return (
    <>
      <CardPanel>
        <DataTable
          title={text.table}
          columns={columns}
          rowKey={(row) => row.hash_id}
          {...table}
          onRowClick={(row) => setOpen({ hashId: row.hash_id })}
          emptyText={t.settings.empty}
          skeletonRows={10}
          toolbar={
            flags.create ? (
              <AddButton onClick={() => setOpen({ hashId: null })}>{t.form.add}</AddButton>
            ) : null
          }
        />
      </CardPanel>
      <PatternModal show={open !== null} initialHashId={open?.hashId ?? null} flags={flags} onClose={() => setOpen(null)} />
    </>
  );
}
