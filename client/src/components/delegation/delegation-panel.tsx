import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CardPanel } from '@/components/card-panel';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DateField, Form, FormAlert, FormSubmitButton, SelectField, TextareaField } from '@/components/form';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/skeleton';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { delegation as text } from '@/i18n/delegation.id';
import { formatTableDate, todayIn, SERVER_ZONE } from '@/lib/dates';
import { showSuccess } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import {
  useCreateDelegation,
  useDelegationCandidates,
  useDelegations,
  useEndDelegation,
  type DelegationRow,
  type DelegationScope,
} from './delegation-api';

const schema = z
  .object({
    delegator: z.string(),
    delegate: z.string().min(1, text.required(text.delegate)),
    start_date: z.string().min(1, text.required(text.startDate)),
    end_date: z.string().min(1, text.required(text.endDate)),
    note: z.string().max(255),
  })
  .refine((values) => !values.start_date || !values.end_date || values.end_date >= values.start_date, {
    path: ['end_date'],
    message: text.endBeforeStart,
  });

type Values = z.infer<typeof schema>;

/** Who may delegate (the server's policy): an approver, or the user-login admin for anyone. */
const DELEGATING_FLAGS = ['allow_approved_attendance', 'allow_rejected_attendance', 'allow_permission', 'allow_user_login'];

function emptyValues(): Values {
  const today = todayIn(SERVER_ZONE);
  return { delegator: '', delegate: '', start_date: today, end_date: today, note: '' };
}

export interface DelegationPanelProps {
  /** The user-login admin's screen: a delegator may be chosen, and every delegation is listed. */
  admin?: boolean;
}

/**
 * Delegation of approval rights (DESIGN §20): the create form and the lists (given and received on the
 * profile; all on the user-login admin's screen), each running or upcoming one with "Akhiri" after a
 * confirmation. The delegate's menu follows live (the session's `access` push).
 */
export function DelegationPanel({ admin = false }: DelegationPanelProps) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const { access } = useSession();
  const mayDelegate = DELEGATING_FLAGS.some((flag) => Boolean(access[flag]));
  return (
    <CardPanel as="section" className="mt-3" aria-labelledby={headingId}>
      <h2 className="h6 fw-semibold mb-1" id={headingId}>
        {admin ? text.adminHeading : text.heading}
      </h2>
      <p className="small text-muted">{admin ? text.adminHint : text.hint}</p>
      {mayDelegate ? <DelegationForm admin={admin} /> : null}
      {admin ? (
        <DelegationList scope="all" heading={text.all} empty={text.emptyAll} />
      ) : (
        <>
          <DelegationList scope="given" heading={text.given} empty={text.emptyGiven} />
          <DelegationList scope="received" heading={text.received} empty={text.emptyReceived} />
        </>
      )}
    </CardPanel>
  );
}

function DelegationForm({ admin }: { admin: boolean }) {
  const headingId = `${useId()}-create`;
  const candidates = useDelegationCandidates();
  const create = useCreateDelegation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: emptyValues() });
  const options = (candidates.data?.rows ?? []).map((user) => ({
    value: user.hash_id,
    label: `${user.fullname} (${user.username})`,
  }));

  const submit = async (values: Values) => {
    const result = await create.mutateAsync({
      delegate: values.delegate,
      delegator: admin ? values.delegator : '',
      start_date: values.start_date,
      end_date: values.end_date,
      note: values.note,
    });
    showSuccess(result.message);
    form.reset(emptyValues());
  };

  return (
    <Form form={form} onSubmit={submit} aria-labelledby={headingId} className="border rounded p-3 mb-3 bg-light">
      <h3 className="h6 mb-3" id={headingId}>
        {text.createHeading}
      </h3>
      <FormAlert />
      {candidates.isError ? (
        <RetryAlert className="gap-2" message={text.candidatesFailed} retryLabel={text.retry} onRetry={() => void candidates.refetch()} />
      ) : null}
      <div className="row g-2">
        {admin ? (
          <SelectField<Values>
            name="delegator"
            label={text.delegator}
            className="col-12 col-md-6 mb-2"
            placeholder={text.delegatorSelf}
            options={options}
          />
        ) : null}
        <SelectField<Values>
          name="delegate"
          label={text.delegate}
          required
          className="col-12 col-md-6 mb-2"
          options={options}
          disabled={candidates.isPending}
        />
        <DateField<Values> name="start_date" label={text.startDate} required className="col-6 col-md-3 mb-2" />
        <DateField<Values> name="end_date" label={text.endDate} required className="col-6 col-md-3 mb-2" />
        <TextareaField<Values> name="note" label={text.note} hint={text.noteHint} className="col-12 mb-2" />
      </div>
      <FormSubmitButton variant="primary">{text.submit}</FormSubmitButton>
    </Form>
  );
}

function period(row: DelegationRow): string {
  return text.period(formatTableDate(row.start_date), formatTableDate(row.end_date));
}

function DelegationList({ scope, heading, empty }: { scope: DelegationScope; heading: string; empty: string }) {
  const headingId = `${useId()}-list`;
  const list = useDelegations(scope);
  const end = useEndDelegation();

  const columns: StaticTableColumn<DelegationRow>[] = [
    ...(scope !== 'given'
      ? [{ key: 'delegator', header: text.columns.delegator, cell: (row: DelegationRow) => row.delegator.fullname }]
      : []),
    ...(scope !== 'received'
      ? [{ key: 'delegate', header: text.columns.delegate, cell: (row: DelegationRow) => row.delegate.fullname }]
      : []),
    { key: 'period', header: text.columns.period, cell: period },
    { key: 'rights', header: text.columns.rights, cell: (row) => (row.rights.length ? row.rights.join(', ') : text.noRights) },
    {
      key: 'status',
      header: text.columns.status,
      cell: (row) => (
        <>
          <span className={`badge rounded-pill ${row.status === 'active' ? 'text-bg-success' : 'text-bg-light border'}`}>
            {row.status_label}
          </span>
          {row.ended_by_name ? <div className="small text-muted">{text.endedBy(row.ended_by_name)}</div> : null}
        </>
      ),
    },
    { key: 'note', header: text.columns.note, cell: (row) => row.note || '-' },
    {
      key: 'actions',
      header: text.columns.actions,
      cell: (row) =>
        row.can_end ? (
          <ConfirmPopover
            question={text.endQuestion}
            confirmLabel={text.end}
            onConfirm={() =>
              end.mutate(row.hash_id, { onSuccess: (result) => showSuccess(result.message) })
            }
          >
            {(trigger) => (
              <Button
                {...trigger}
                size="sm"
                variant="outline-danger"
                disabled={end.isPending && end.variables === row.hash_id}
                aria-label={text.endLabel(row.delegate.fullname, period(row))}
              >
                {text.end}
              </Button>
            )}
          </ConfirmPopover>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby={headingId} className="mb-3">
      <h3 className="h6 mt-3" id={headingId}>
        {heading}
      </h3>
      {list.isError ? (
        <RetryAlert className="gap-2 mb-0" message={text.loadFailed} retryLabel={text.retry} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton lines={2} />
      ) : (
        <StaticTable
          columns={columns}
          rows={list.data.rows}
          rowKey={(row) => row.hash_id}
          className="table table-sm align-middle mb-0"
          label={heading}
          emptyText={empty}
        />
      )}
    </section>
  );
}
