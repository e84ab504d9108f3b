import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CrudPage } from '@/components/crud-page';
import { DelegationPanel } from '@/components/delegation/delegation-panel';
import type { DataTableColumn } from '@/components/data-table';
import { requiredText, SelectField, TextField } from '@/components/form';
import type { RoutePageProps } from '@/components/page-header';
import { SignInLock } from '@/components/sign-in-lock';
import { id as t } from '@/i18n/id';
import { crudPermissions } from '@/lib/access';
import { useSession } from '@/lib/session';
import { loginKeys, topics, useLevelOptions, userLoginApi, type UserLoginRow } from '../api/people-api';
import { SPECIAL_RIGHTS, toChecks, toFlags, type FlagValues } from '../components/flag-rules';
import { SpecialRights } from '../components/special-rights';

const text = t.people.login;

const schema = z.object({
  fullname: z.string().optional(),
  email: z.string().optional(),
  is_self: z.boolean().optional(),
  username: requiredText(text.messages.username, { max: 150 }),
  is_active: z.enum(['', '1', '0']).refine((value) => value !== '', { message: text.messages.status }),
  level_id: requiredText(text.messages.level),
  rights: z.record(z.string(), z.boolean()),
});

interface LoginValues {
  fullname?: string;
  email?: string;
  is_self?: boolean;
  username: string;
  is_active: '' | '1' | '0';
  level_id: string;
  rights: FlagValues;
}

const emptyValues: LoginValues = {
  fullname: '',
  email: '',
  is_self: false,
  username: '',
  is_active: '',
  level_id: '',
  rights: toChecks({}, SPECIAL_RIGHTS),
};

function loginColumns(canUnlock: boolean): DataTableColumn<UserLoginRow>[] {
  return [
    {
      key: 'fullname',
      header: text.columns.name,
      cell: (row) => (
        <>
          {row.fullname}
          <SignInLock
            minutes={row.locked_minutes}
            name={row.fullname}
            text={text}
            unlock={canUnlock ? () => userLoginApi.unlock(row.hash_id) : undefined}
            queryKey={loginKeys.all}
          />
        </>
      ),
      sortable: true,
      searchable: true,
      width: '15%',
    },
    // doc3 §2.6: Nama 15 %, Username 15 %, Hak Akses 70 %.
    { key: 'username', header: text.columns.username, cell: (row) => row.username, sortable: true, searchable: true, width: '15%' },
    { key: 'level_name', header: text.columns.level, cell: (row) => row.level_name || '-', sortable: true, searchable: true, width: '70%' },
  ];
}

/** Nama and Email: shown, never edited (doc3 §2.6 'Email (read-only)'). */
function ReadOnlyValue({ name, label }: { name: 'fullname' | 'email'; label: string }) {
  const inputId = useId();
  const { control } = useFormContext<LoginValues>();
  const value = useWatch({ control, name });
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className="form-control" value={value ?? ''} readOnly aria-readonly="true" tabIndex={-1} />
    </div>
  );
}

function SelfNotice() {
  const { control } = useFormContext<LoginValues>();
  const isSelf = useWatch({ control, name: 'is_self' });
  return isSelf ? <p className="alert alert-info small py-2">{text.self}</p> : null;
}

const statusOptions = [
  { value: '1', label: text.active },
  { value: '0', label: text.inactive },
];

/**
 * /system-admin/user-login: the back-office sign-ins (doc3 §2.6, §4, §7.7). Changing a login's level
 * or rights reaches its open tabs at once (`access`), deactivating or deleting it signs them out.
 * A login locked by failed sign-ins shows it in its row, where an admin with the update flag unlocks it.
 */
export function UserLoginPage({ title, breadcrumb }: RoutePageProps) {
  const { canUpdate, canDelete } = crudPermissions(useSession().access, 'allow_user_login');
  const levels = useLevelOptions();
  const levelOptions = (levels.data ?? []).map((level) => ({ value: level.id, label: level.name }));

  return (
    <>
      <CrudPage<UserLoginRow, LoginValues, z.output<typeof schema>>
        title={title}
        breadcrumb={breadcrumb}
        tableTitle={text.table}
        columns={loginColumns(canUpdate)}
        rowKey={(row) => row.hash_id}
        queryKey={loginKeys.all}
        topic={topics.userLogins}
        fetchList={userLoginApi.list}
        listOptions={{ defaults: { perPage: 100, sort: { column: 'fullname', dir: 'asc' } } }}
        skeletonRows={5}
        emptyText={text.empty}
        modalTitle={text.modal}
        modalSize="lg"
        schema={schema}
        emptyValues={emptyValues}
        toValues={(row) => ({ ...emptyValues, fullname: row.fullname, email: row.email, username: row.username })}
        fetchDetail={async (row) => {
          const detail = await userLoginApi.detail(row.hash_id);
          return {
            fullname: detail.fullname,
            email: detail.email,
            is_self: detail.is_self === 1,
            username: detail.username,
            is_active: detail.is_active === 1 ? '1' : '0',
            level_id: detail.level_id,
            rights: toChecks(detail.special_rights, SPECIAL_RIGHTS),
          };
        }}
        fields={(mode) => (
          <div className="row">
            <div className="col-md-6">
              <ReadOnlyValue name="fullname" label={text.fullname} />
              <ReadOnlyValue name="email" label={text.email} />
              <SelfNotice />
              <SelectField<LoginValues> name="is_active" label={text.status} options={statusOptions} required />
              <TextField<LoginValues> name="username" label={text.username} required maxLength={150} />
              <SelectField<LoginValues> name="level_id" label={text.level} options={levelOptions} required />
            </div>
            <div className="col-md-6">
              <SpecialRights editable={mode !== 'view'} />
            </div>
          </div>
        )}
        update={(row, values) =>
          userLoginApi.update(
            { id: row.hash_id, username: values.username, is_active: values.is_active === '1' ? 1 : 0, level_id: values.level_id },
            toFlags(values.rights),
          )
        }
        remove={(row) => userLoginApi.remove(row.hash_id)}
        canCreate={false}
        canUpdate={canUpdate}
        canDelete={canDelete}
        firstPageAfterWrite
      />
      {/* Delegations of anyone's approval rights (issue 41): the user-login admin creates, sees and ends them. */}
      <DelegationPanel admin />
    </>
  );
}
