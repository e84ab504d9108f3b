import { z } from 'zod';
import { CrudPage } from '@/components/crud-page';
import type { DataTableColumn } from '@/components/data-table';
import { SwitchField, TextField, requiredText } from '@/components/form';
import type { RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { blacklistApi, topics, type BlacklistAppRow } from '../api/settings-api';
import { useCrudFlags } from '../components/use-crud-flags';

const text = t.settings.blacklist;

const schema = z.object({
  name: requiredText(text.messages.name, { max: 150 }),
  package_id: requiredText(text.messages.packageId, { max: 255 }),
  /** The toggle is on for a blacklisted app, i.e. is_allow 0 (doc3 §3). */
  blacklisted: z.boolean(),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const emptyValues: Values = { name: '', package_id: '', blacklisted: false };
const toValues = (row: BlacklistAppRow): Values => ({
  name: row.name,
  package_id: row.package_id,
  blacklisted: row.is_allow === 0,
});
const toInput = (values: Output) => ({
  name: values.name,
  package_id: values.package_id,
  is_allow: values.blacklisted ? (0 as const) : (1 as const),
});

const columns: DataTableColumn<BlacklistAppRow>[] = [
  { key: 'no', header: text.columns.no, cell: (row) => row.no },
  { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'package_id', header: text.columns.packageId, cell: (row) => row.package_id, sortable: true, searchable: true },
  {
    key: 'is_allow',
    header: text.columns.blacklist,
    sortable: true,
    cell: (row) =>
      row.is_allow === 0 ? (
        <span className="badge text-bg-danger">{t.settings.yes}</span>
      ) : (
        <span className="badge text-bg-light border">{t.settings.no}</span>
      ),
  },
];

/** /settings/blacklist-app: the apps whose presence on a phone blocks check-ins (doc3 §2.5). */
export function BlacklistAppPage({ title, breadcrumb }: RoutePageProps) {
  const flags = useCrudFlags('allow_blacklist_app');
  return (
    <CrudPage<BlacklistAppRow, Values, Output>
      title={title}
      breadcrumb={breadcrumb}
      tableTitle={text.table}
      columns={columns}
      rowKey={(row) => row.hash_id}
      queryKey={[topics.blacklistApp]}
      topic={topics.blacklistApp}
      fetchList={blacklistApi.list}
      listOptions={{ defaults: { sort: { column: 'name', dir: 'asc' } } }}
      emptyText={t.settings.empty}
      modalTitle={text.modal}
      schema={schema}
      emptyValues={emptyValues}
      toValues={toValues}
      fields={() => (
        <>
          <TextField<Values> name="name" label={text.name} required maxLength={150} autoFocus />
          <TextField<Values> name="package_id" label={text.packageId} required maxLength={255} />
          <SwitchField<Values> name="blacklisted" label={text.blacklist} hint={text.blacklistHint} />
        </>
      )}
      create={(values) => blacklistApi.create(toInput(values))}
      update={(row, values) => blacklistApi.update(row.hash_id, toInput(values))}
      remove={(row) => blacklistApi.remove(row.hash_id)}
      canCreate={flags.create}
      canUpdate={flags.update}
      canDelete={flags.delete}
    />
  );
}
