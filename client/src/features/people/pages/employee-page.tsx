import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useQueryClient } from '@tanstack/react-query';
import { AuthImage } from '@/components/auth-image';
import { CardPanel } from '@/components/card-panel';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DetailModal } from '@/components/detail-modal';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { SignInLock } from '@/components/sign-in-lock';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { useListQuery } from '@/lib/list-query';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { employeeApi, employeeKeys, topics, useEmployeeDetail, type EmployeeRow, type PasswordReset } from '../api/people-api';
import { EmployeeDetailBody, NewPasswordNotice, ResetPasswordAction } from '../components/employee-detail';
import { PersonaliaWizard } from '../components/personalia-wizard';

const text = t.people.employee;

/** Employee searches fire on non-empty text, 1000 ms after the last key (doc1 §5). */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 1000;

function PersonaliaFilter({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  return (
    <Form.Select size="sm" className="w-auto" aria-label={text.personaliaFilter} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">
        {text.columns.personalia}: {text.all}
      </option>
      <option value="1">
        {text.columns.personalia}: {text.yes}
      </option>
      <option value="0">
        {text.columns.personalia}: {text.no}
      </option>
    </Form.Select>
  );
}

function EmployeeDetailModal({
  row,
  onClose,
  canDisable,
  canForce,
  canReset,
}: {
  row: EmployeeRow | null;
  onClose: () => void;
  canDisable: boolean;
  canForce: boolean;
  canReset: boolean;
}) {
  // canReset is the employee update flag: it guards the app password and the app account's unlock.
  const queryClient = useQueryClient();
  const [reset, setReset] = useState<PasswordReset | null>(null);
  const detail = useEmployeeDetail(row?.hash_id ?? null);
  const close = () => {
    setReset(null);
    onClose();
  };
  const error = detail.error ? (detail.error instanceof ApiError ? detail.error.message : text.loadFailed) : null;
  return (
    <DetailModal
      show={row !== null}
      title={row ? `${text.detailTitle}: ${row.name}` : text.detailTitle}
      onClose={close}
      loading={detail.isPending}
      error={error}
      size="lg"
      closeLabel={t.common.close}
      headerExtra={
        detail.data ? (
          <SignInLock
            minutes={detail.data.mobile_locked_minutes}
            name={detail.data.name}
            text={text.mobileLock}
            unlock={canReset ? () => employeeApi.unlockMobile(detail.data.hash_id) : undefined}
            queryKey={employeeKeys.all}
          />
        ) : null
      }
      actions={
        canReset && detail.data ? <ResetPasswordAction number={detail.data.employee_number_formatted} onDone={setReset} /> : null
      }
    >
      {reset ? <NewPasswordNotice result={reset} /> : null}
      {detail.data ? (
        <EmployeeDetailBody
          detail={detail.data}
          canDisable={canDisable}
          canForce={canForce}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: employeeKeys.all })}
        />
      ) : null}
    </DetailModal>
  );
}

/**
 * /employee: the employee directory (doc1 §2.11, §6.3, §7.4). An employee whose app account is locked
 * by failed sign-ins (DESIGN §16) shows it in the row and the detail, where the update flag unlocks it.
 */
export function EmployeePage({ title, breadcrumb }: RoutePageProps) {
  const { access } = useSession();
  const queryClient = useQueryClient();
  const { state: listState, setState: setListState, table } = useListQuery(employeeKeys.all, employeeApi.list, {
    defaults: { sort: { column: 'name', dir: 'asc' } },
  });
  const [open, setOpen] = useState<EmployeeRow | null>(null);
  const [wizardFor, setWizardFor] = useState<EmployeeRow | null>(null);
  useTopic(topics.employees);

  const canMakePersonalia = hasFlag(access, 'allow_user_login_create');
  const canUnlock = hasFlag(access, 'allow_employee_update');
  const personalia = listState.search.personalia ?? '';
  const setPersonalia = (value: string) => setListState({ ...listState, page: 1, search: { ...listState.search, personalia: value } });

  const columns: DataTableColumn<EmployeeRow>[] = [
    { key: 'no', header: text.columns.no, cell: (row) => row.no },
    {
      key: 'photo',
      header: text.columns.photo,
      cell: (row) => <AuthImage src={row.photo_url} alt={text.photoOf(row.name)} name={row.name} size={36} shape="circle" />,
    },
    {
      key: 'employee_number_formatted',
      header: text.columns.number,
      cell: (row) => row.employee_number_formatted,
      sortable: true,
      searchable: true,
    },
    {
      key: 'name',
      header: text.columns.name,
      cell: (row) => (
        <>
          {row.name}
          <SignInLock
            minutes={row.mobile_locked_minutes}
            name={row.name}
            text={text.mobileLock}
            unlock={canUnlock ? () => employeeApi.unlockMobile(row.hash_id) : undefined}
            queryKey={employeeKeys.all}
          />
        </>
      ),
      sortable: true,
      searchable: true,
    },
    {
      key: 'email',
      header: text.columns.email,
      cell: (row) => row.email || <span className="text-muted fst-italic">{text.emailUnset}</span>,
      sortable: true,
      searchable: true,
    },
    {
      key: 'personalia',
      header: text.columns.personalia,
      sortable: true,
      cell: (row) =>
        row.is_personalia === 1 ? <Badge bg="success">{text.yes}</Badge> : <Badge bg="light" text="dark" className="border">{text.no}</Badge>,
    },
    {
      key: '__actions',
      header: text.columns.actions,
      className: 'text-end',
      cell: (row) => (
        <span className="d-inline-flex gap-1" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          <Button size="sm" variant="outline-primary" aria-label={text.detailOf(row.name)} onClick={() => setOpen(row)}>
            <i className="bi bi-eye" aria-hidden="true" />
          </Button>
          {canMakePersonalia && row.is_personalia === 0 ? (
            <Button size="sm" variant="outline-success" aria-label={text.makePersonaliaOf(row.name)} onClick={() => setWizardFor(row)}>
              {text.makePersonalia}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <CardPanel>
        <DataTable
          title={text.table}
          columns={columns}
          rowKey={(row) => row.hash_id}
          {...table}
          onRowClick={setOpen}
          emptyText={text.empty}
          searchDebounceMs={EMPLOYEE_SEARCH_DEBOUNCE_MS}
          toolbar={<PersonaliaFilter value={personalia} onChange={setPersonalia} />}
        />
      </CardPanel>
      <EmployeeDetailModal
        row={open}
        onClose={() => setOpen(null)}
        canDisable={hasFlag(access, 'allow_disabled_attendance')}
        canForce={hasFlag(access, 'allow_force_approval_permission')}
        canReset={canUnlock}
      />
      <PersonaliaWizard
        employee={wizardFor}
        onClose={() => setWizardFor(null)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: employeeKeys.all })}
      />
    </>
  );
}
