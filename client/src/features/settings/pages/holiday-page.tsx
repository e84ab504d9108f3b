import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CardPanel } from '@/components/card-panel';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { useListQuery } from '@/lib/list-query';
import { useTopic } from '@/lib/realtime';
import { holidayApi, topics, type HolidayYearRow } from '../api/settings-api';
import { HolidayYearModal } from '../components/holiday-year-modal';
import { useCrudFlags } from '../components/use-crud-flags';

const text = t.settings.holiday;

const columns: DataTableColumn<HolidayYearRow>[] = [
  { key: 'year', header: text.columns.year, cell: (row) => row.year, sortable: true },
  { key: 'count', header: text.columns.count, cell: (row) => row.count, sortable: true },
];

/** /settings/holiday: holidays per year, each year opening its modal (doc3 §2.5). */
export function HolidayPage({ title, breadcrumb }: RoutePageProps) {
  const flags = useCrudFlags('allow_setting_holiday');
  useTopic(topics.holiday);
  const { table } = useListQuery([topics.holiday], holidayApi.list, { defaults: { sort: { column: 'year', dir: 'desc' } } });
  const [open, setOpen] = useState<{ year: number | null } | null>(null);

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <CardPanel>
        <DataTable
          title={text.table}
          columns={columns}
          rowKey={(row) => String(row.year)}
          {...table}
          onRowClick={(row) => setOpen({ year: row.year })}
          emptyText={t.settings.empty}
          globalSearch={false}
          toolbar={
            flags.create ? (
              <Button size="sm" variant="primary" onClick={() => setOpen({ year: null })}>
                {t.form.addPlus}
              </Button>
            ) : null
          }
        />
      </CardPanel>
      <HolidayYearModal show={open !== null} initialYear={open?.year ?? null} flags={flags} onClose={() => setOpen(null)} />
    </>
  );
}
