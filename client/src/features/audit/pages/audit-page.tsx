import { FilterChoice } from '@/components/filter-fields';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AUDIT_TOPIC, type AuditRow } from '@/components/audit-history/audit-api';
import { AuditChanges } from '@/components/audit-history/audit-changes';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DateInput } from '@/components/date-input';
import { FilterPanel } from '@/components/filter-panel';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { formatDatesIn, formatTableDateTime } from '@/lib/dates';
import { useDownload, type ExportFormat } from '@/lib/download';
import { listQueryParams } from '@/lib/list';
import { useTopic } from '@/lib/realtime';
import { useListPage } from '@/lib/use-list-page';
import { downloadAuditExport, useAuditList } from '../api/audit-list';

const text = t.audit;
const FILTERS = ['object_type', 'action', 'start_date', 'end_date'] as const;

const columns: DataTableColumn<AuditRow>[] = [
  { key: 'at', header: text.columns.at, cell: (row) => formatTableDateTime(row.at), sortable: true, width: '14%' },
  { key: 'actor', header: text.columns.actor, cell: (row) => row.actor, searchable: true, width: '16%' },
  { key: 'action_label', header: text.columns.action, cell: (row) => text.actions[row.action] ?? row.action_label, width: '12%' },
  {
    key: 'object_type_label',
    header: text.columns.objectType,
    cell: (row) => text.objectTypes[row.object_type] ?? row.object_type_label,
    width: '12%',
  },
  { key: 'object', header: text.columns.object, cell: (row) => formatDatesIn(row.object_label || row.object_id), searchable: true, width: '16%' },
  { key: 'changes', header: text.columns.changes, cell: (row) => <AuditChanges changes={row.changes} /> },
];

/** /system-admin/audit: every change to business data, newest first, live (DESIGN §17). */
export function AuditPage({ title, breadcrumb }: RoutePageProps) {
  const [state, setState] = useListPage({ defaults: { perPage: 25, sort: { column: 'at', dir: 'desc' } } });
  useTopic(AUDIT_TOPIC);
  const params = listQueryParams(state);
  const list = useAuditList(params);
  const download = useDownload((format: ExportFormat) => downloadAuditExport(params, format));
  const ids = { start: useId(), end: useId() };
  const setFilter = (key: (typeof FILTERS)[number], value: string) =>
    setState({ ...state, page: 1, search: { ...state.search, [key]: value } });
  const active = FILTERS.filter((key) => (state.search[key] ?? '') !== '').length;

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} description={text.intro} />
      <FilterPanel
        activeCount={active}
        onReset={() => setState({ ...state, page: 1, search: Object.fromEntries(Object.entries(state.search).filter(([key]) => !(FILTERS as readonly string[]).includes(key))) })}
      >
        <div className="row g-3 align-items-end">
          <FilterChoice
            className="col-sm-6 col-lg-3"
            label={text.filters.objectType}
            value={state.search.object_type ?? ''}
            onChange={(value) => setFilter('object_type', value)}
            options={Object.entries(text.objectTypes)}
          />
          <FilterChoice
            className="col-sm-6 col-lg-3"
            label={text.filters.action}
            value={state.search.action ?? ''}
            onChange={(value) => setFilter('action', value)}
            options={Object.entries(text.actions)}
          />
          <div className="col-sm-6 col-lg-3">
            <Form.Label htmlFor={ids.start}>{text.filters.startDate}</Form.Label>
            <DateInput id={ids.start} value={state.search.start_date ?? ''} onChange={(value) => setFilter('start_date', value)} />
          </div>
          <div className="col-sm-6 col-lg-3">
            <Form.Label htmlFor={ids.end}>{text.filters.endDate}</Form.Label>
            <DateInput id={ids.end} value={state.search.end_date ?? ''} onChange={(value) => setFilter('end_date', value)} />
          </div>
        </div>
      </FilterPanel>
      <div className="card border-0 shadow-sm">
        <div className="card-body">
          <DataTable
            title={text.table}
            columns={columns}
            rows={list.data?.rows}
            rowKey={(row) => row.hash_id}
            total={list.data?.total ?? 0}
            totalCapped={list.data?.capped}
            loading={list.isPending}
            state={state}
            onStateChange={setState}
            emptyText={text.empty}
            toolbar={
              <>
                <Button size="sm" variant="outline-secondary" disabled={download.isPending} onClick={() => download.mutate('xlsx')}>
                  <i className="bi bi-file-earmark-spreadsheet me-1" aria-hidden="true" />
                  {text.exportXlsx}
                </Button>
                <Button size="sm" variant="outline-secondary" disabled={download.isPending} onClick={() => download.mutate('csv')}>
                  <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
                  {text.exportCsv}
                </Button>
              </>
            }
          />
        </div>
      </div>
    </>
  );
}
