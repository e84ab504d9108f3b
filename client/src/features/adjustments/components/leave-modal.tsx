import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import BsForm from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AuthFileLink } from '@/components/auth-image';
import { DetailList } from '@/components/detail-list';
import { cutManPower, useEmployeeQuery, useEmployeeSearch, useEmployeeSearchKeys, type EmployeeOption } from '@/components/employee-picker';
import {
  DateField,
  FileField,
  Form,
  FormAlert,
  GuardedModal,
  requiredDate,
  requiredFile,
  requiredText,
  TextareaField,
} from '@/components/form';
import { ModalFormFooter } from '@/components/form/modal-form-footer';
import { paths } from '@/config/paths';
import { adjustmentsText } from '@/i18n/adjustments.id';
import { id as t } from '@/i18n/id';
import { formatDate, formatDateTime, todayIn, WESTERNMOST_ZONE } from '@/lib/dates';
import { formatLeaveBalance } from '@/lib/format';
import { netBalanceBefore, useLeavePreview, type LeaveAdjustment, type LeavePreview } from '../api/leave';

const text = adjustmentsText.leave;
const m = text.messages;

const schema = z
  .object({
    employee: requiredText(m.employee),
    start: requiredDate(m.leaveDate),
    end: requiredDate(m.leaveDate),
    requestDate: requiredDate(m.requestDate),
    description: requiredText(m.description, { max: 1000 }),
    attachment: requiredFile(m.attachment),
  })
  .refine((values) => values.end >= values.start, { path: ['end'], message: m.leaveDate });

type Input = z.input<typeof schema>;
export type LeaveFormValues = z.output<typeof schema>;

export function leaveDetailPath(code: string): string {
  return paths.leaveAdjustmentDetail.replace(':leaveAdjustmentId', encodeURIComponent(code));
}

/**
 * The balances of the form: now, after the chosen dates (one notation, lib/format), and the warnings
 * before saving: a debt, or a range without a working day ('0 hari' would change nothing).
 */
export function LeaveBalancePreview({ current, preview, fetching }: { current: string; preview?: LeavePreview; fetching: boolean }) {
  return (
    <dl className="row mb-0 small" aria-live="polite">
      <dt className="col-6">{text.currentBalance}</dt>
      <dd className="col-6" data-testid="current-balance">
        {preview ? formatLeaveBalance(preview.current_cuti_saldo, preview.cuti_hutang) : current}
      </dd>
      <dt className="col-6">{text.takenDays}</dt>
      <dd className="col-6" data-testid="taken-days">
        {preview && !fetching ? text.days(preview.jumlah_hari_cuti) : '-'}
      </dd>
      <dt className="col-6">{text.newBalance}</dt>
      <dd className="col-6" data-testid="new-balance">
        {fetching ? (
          <Spinner size="sm" aria-label={t.employeePicker.searching} />
        ) : preview ? (
          formatLeaveBalance(preview.new_cuti_saldo)
        ) : (
          '-'
        )}
      </dd>
      {preview && !fetching && preview.new_cuti_saldo < 0 && (
        <dd className="col-12 text-warning-emphasis">{text.hutangHint}</dd>
      )}
      {preview && !fetching && preview.jumlah_hari_cuti === 0 && (
        <dd className="col-12 mb-0">
          <div className="alert alert-warning py-2 mb-0" role="status" data-testid="zero-days-warning">
            <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
            {text.zeroDaysWarning}
          </div>
        </dd>
      )}
    </dl>
  );
}

function EmployeeSearch({ onPick, error }: { onPick: (employee: EmployeeOption) => void; error?: string }) {
  const id = useId();
  const { typed, setTyped, query, searchNow } = useEmployeeQuery();
  // Enter searches (never saves the form), the arrows walk the results (the picker's keys).
  const keys = useEmployeeSearchKeys(searchNow);
  const search = useEmployeeSearch(query, false, true);
  return (
    <div className="mb-3">
      <BsForm.Label htmlFor={id}>
        {text.employee}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </BsForm.Label>
      <BsForm.Control
        id={id}
        type="search"
        value={typed}
        autoComplete="off"
        placeholder={t.employeePicker.placeholder}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={keys.onInputKeyDown}
        ref={keys.inputRef}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required="true"
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {query !== '' && (
        <div className="mt-1" aria-live="polite">
          {search.isFetching ? (
            <span className="small text-muted">
              <Spinner size="sm" className="me-1" aria-hidden="true" />
              {t.employeePicker.searching}
            </span>
          ) : (search.data ?? []).length === 0 ? (
            <span className="small text-muted">{t.employeePicker.noResult}</span>
          ) : (
            <ListGroup ref={keys.listRef} onKeyDown={keys.onListKeyDown}>
              {(search.data ?? []).map((employee) => (
                <ListGroup.Item key={employee.hash_id} action type="button" onClick={() => onPick(employee)}>
                  <span className="fw-semibold">{employee.employee_number_formatted}</span> {employee.name}
                  <span className="text-muted small ms-2">{cutManPower(employee.man_power_name)}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </div>
      )}
    </div>
  );
}

function CreateForm({ onSubmit, onClose }: { onSubmit: (values: LeaveFormValues) => Promise<unknown>; onClose: () => void }) {
  const today = todayIn(WESTERNMOST_ZONE);
  const form = useForm<Input, unknown, LeaveFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { employee: '', start: today, end: today, requestDate: today, description: '', attachment: undefined },
  });
  const [employee, setEmployee] = useState<EmployeeOption | null>(null);
  const [start, end] = useWatch({ control: form.control, name: ['start', 'end'] });
  const preview = useLeavePreview(employee?.employee_number_formatted ?? '', start ?? '', end ?? '');
  const employeeError = form.formState.errors.employee?.message;

  useEffect(() => {
    if (employee) form.setValue('employee', employee.employee_number_formatted, { shouldValidate: form.formState.isSubmitted });
  }, [employee, form]);

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={text.modalCreate}
      serverErrors={{
        fieldMap: { employee_number_formatted: 'employee', start_date: 'start', end_date: 'end', request_date: 'requestDate' },
      }}
    >
      <Modal.Body>
        <FormAlert />
        {employee ? (
          <div className="mb-3">
            <div className="form-label">{text.employee}</div>
            <div className="d-flex align-items-center gap-2 flex-wrap" aria-label={text.employeeSelected}>
              <span className="fw-semibold">{employee.employee_number_formatted}</span>
              <span>{employee.name}</span>
              <span className="text-muted small">{cutManPower(employee.man_power_name)}</span>
              <Button
                size="sm"
                variant="outline-secondary"
                onClick={() => {
                  setEmployee(null);
                  form.setValue('employee', '');
                }}
              >
                {text.changeEmployee}
              </Button>
            </div>
          </div>
        ) : (
          <EmployeeSearch onPick={setEmployee} error={employeeError} />
        )}
        <div className="row g-2">
          <DateField<Input> name="start" label={text.leaveStart} required className="col-sm-6 mb-3" />
          <DateField<Input> name="end" label={text.leaveEnd} required className="col-sm-6 mb-3" />
        </div>
        <DateField<Input> name="requestDate" label={text.requestDate} required />
        <TextareaField<Input> name="description" label={text.description} required />
        <FileField<Input> name="attachment" label={text.attachment} required accept="image/*,.pdf,.doc,.docx,.xls,.xlsx" />
        {employee && (
          <LeaveBalancePreview
            current={formatLeaveBalance(employee.cuti?.saldo, employee.cuti?.hutang)}
            preview={preview.data}
            fetching={preview.isFetching}
          />
        )}
      </Modal.Body>
      <ModalFormFooter cancelLabel={text.cancel} onCancel={onClose} submitLabel={text.save} />
    </Form>
  );
}

function ViewBody({ record, loading }: { record: LeaveAdjustment | undefined; loading: boolean }) {
  if (loading || !record) {
    return (
      <div className="text-center py-4">
        <Spinner aria-label={t.employeePicker.searching} />
      </div>
    );
  }
  return (
    <DetailList
      items={[
        { label: text.code, value: <Link to={leaveDetailPath(record.code)}>{record.code}</Link> },
        { label: adjustmentsText.leave.columns.employeeNumber, value: record.employee_number_formatted },
        { label: adjustmentsText.leave.columns.name, value: record.employee_name },
        { label: text.leaveDates, value: `${formatDate(record.start_date)} s.d. ${formatDate(record.end_date)}` },
        { label: text.actualDates, value: record.tanggal_aktual_cuti || '-' },
        { label: adjustmentsText.leave.columns.days, value: String(record.jumlah_hari_cuti) },
        { label: text.requestDate, value: formatDate(record.request_date) },
        { label: text.description, value: record.description },
        { label: text.currentBalance, value: formatLeaveBalance(netBalanceBefore(record)) },
        { label: text.newBalance, value: formatLeaveBalance(record.new_cuti_saldo) },
        { label: text.created, value: `${formatDateTime(record.created)} (${record.creator_user_name || '-'})` },
        {
          label: text.attachment,
          value: record.attachment_url ? <AuthFileLink href={record.attachment_url}>{record.attachment || text.attachment}</AuthFileLink> : '-',
        },
      ]}
    />
  );
}

export interface LeaveModalProps {
  show: boolean;
  mode: 'create' | 'view';
  record?: LeaveAdjustment;
  loading?: boolean;
  onClose: () => void;
  onCreate: (values: LeaveFormValues) => Promise<unknown>;
}

/** doc2 §2.2: create mode (the form and the balances) or view mode (the stored adjustment, read-only). */
export function LeaveModal({ show, mode, record, loading = false, onClose, onCreate }: LeaveModalProps) {
  const titleId = useId();
  return (
    <GuardedModal show={show} onHide={onClose} aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton closeLabel={text.close}>
        <Modal.Title id={titleId}>{mode === 'create' ? text.modalCreate : text.modalView}</Modal.Title>
      </Modal.Header>
      {mode === 'create' ? (
        <CreateForm onSubmit={onCreate} onClose={onClose} />
      ) : (
        <>
          <Modal.Body>
            <ViewBody record={record} loading={loading} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              {text.close}
            </Button>
          </Modal.Footer>
        </>
      )}
    </GuardedModal>
  );
}
