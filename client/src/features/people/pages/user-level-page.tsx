import { useMemo } from 'react';
import { z } from 'zod';
import { AuditHistory } from '@/components/audit-history/audit-history';
import { CrudPage } from '@/components/crud-page';
import type { DataTableColumn } from '@/components/data-table';
import { requiredText, TextField } from '@/components/form';
import type { RoutePageProps } from '@/components/page-header';
import { id as t } from '@/i18n/id';
import { crudPermissions } from '@/lib/access';
import { useSession } from '@/lib/session';
import { levelKeys, topics, useLevelCatalogue, userLevelApi, type CatalogueGroup, type UserLevelRow } from '../api/people-api';
import { FlagMatrix, type LevelFormValues } from '../components/flag-matrix';
import { toChecks, toFlags } from '../components/flag-rules';

const text = t.people.level;

const schema = z.object({
  name: requiredText(text.nameRequired, { max: 100 }),
  flags: z.record(z.string(), z.boolean()),
});

const allFlags = (catalogue: CatalogueGroup[]) =>
  catalogue.flatMap((group) => group.flags.flatMap((flag) => [flag.flag, ...flag.children.map((child) => child.flag)]));

const columns: DataTableColumn<UserLevelRow>[] = [
  { key: 'name', header: text.columns.name, cell: (row) => row.name, sortable: true, searchable: true },
  { key: 'personalia', header: text.columns.personalia, cell: () => '-' },
];

/** /system-admin/user-level: the access profiles and their flag matrix (doc3 §2.6, §4, §7.6). */
export function UserLevelPage({ title, breadcrumb }: RoutePageProps) {
  // doc3 §6 leaves 'Tambah' ungated, but its flag catalogue gives allow_user_level a _create child and
  // the server requires it (a new level can hold any flag): the button shows only with it (README
  // "Flag decisions").
  const { canCreate, canUpdate, canDelete } = crudPermissions(useSession().access, 'allow_user_level');
  const catalogue = useLevelCatalogue();
  const groups = catalogue.data;
  const emptyValues = useMemo<LevelFormValues>(() => ({ name: '', flags: toChecks({}, allFlags(groups ?? [])) }), [groups]);

  return (
    <CrudPage<UserLevelRow, LevelFormValues, z.output<typeof schema>>
      title={title}
      breadcrumb={breadcrumb}
      tableTitle={text.table}
      columns={columns}
      rowKey={(row) => row.hash_id}
      queryKey={levelKeys.all}
      topic={topics.userLevels}
      fetchList={userLevelApi.list}
      listOptions={{ defaults: { perPage: 100, sort: { column: 'name', dir: 'asc' } } }}
      skeletonRows={5}
      emptyText={text.empty}
      modalTitle={text.modal}
      modalSize="lg"
      schema={schema}
      emptyValues={emptyValues}
      toValues={(row) => ({ name: row.name, flags: emptyValues.flags })}
      fetchDetail={async (row) => {
        const detail = await userLevelApi.detail(row.hash_id);
        return { name: detail.name, flags: toChecks(detail.allowed_json, Object.keys(detail.allowed_json)) };
      }}
      fields={(mode, row) => (
        <>
          <TextField<LevelFormValues> name="name" label={text.name} required maxLength={100} autoFocus={mode === 'add'} />
          {row && row.users_count > 0 ? <p className="small text-muted">{text.usedBy(row.users_count)}</p> : null}
          <h3 className="h6">{text.matrix}</h3>
          {catalogue.isError ? (
            <p className="text-danger small">{text.catalogueFailed}</p>
          ) : (
            <FlagMatrix catalogue={groups ?? []} editable={mode !== 'view'} />
          )}
          {row && mode === 'view' ? <AuditHistory objectType="user_level" objectId={row.hash_id} /> : null}
        </>
      )}
      create={(values) => userLevelApi.create(values.name, toFlags(values.flags))}
      update={(row, values) => userLevelApi.update(row.hash_id, values.name, toFlags(values.flags))}
      remove={(row) => userLevelApi.remove(row.hash_id)}
      canCreate={canCreate}
      canUpdate={canUpdate}
      canDelete={canDelete}
    />
  );
}
