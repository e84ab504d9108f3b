import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import BsForm from 'react-bootstrap/Form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, NumberField, SettingsCard, useSettingsForm } from '@/components/form';
import { id as t } from '@/i18n/id';
import { sla as text } from '@/i18n/sla.id';
import { showSuccess } from '@/lib/notifications';
import { useTopic } from '@/lib/realtime';
import {
  APPROVAL_SLA_LIMITS,
  APPROVAL_SLA_TOPIC,
  approvalSlaApi,
  approvalSlaKeys,
  type ApprovalSlaUser,
} from '../api/approval-sla-api';

const { minHours, maxHours, maxUsers } = APPROVAL_SLA_LIMITS;

function hours(label: string) {
  const message = text.hoursRange(label, minHours, maxHours);
  return z.number({ error: text.required(label) }).int(message).min(minHours, message).max(maxHours, message);
}

const schema = z.object({
  attendance_hours: hours(text.attendanceHours.replace(' (jam)', '')),
  permission_hours: hours(text.permissionHours.replace(' (jam)', '')),
  escalate_to: z.array(z.string()).max(maxUsers, text.tooMany(maxUsers)),
});
type Values = z.input<typeof schema>;

async function fetchValues(signal: AbortSignal): Promise<Values> {
  const setting = await approvalSlaApi.get(signal);
  return {
    attendance_hours: setting.attendance_hours,
    permission_hours: setting.permission_hours,
    escalate_to: setting.escalate_to,
  };
}

/** The logins an escalation goes to: a filterable list of checkboxes (the chosen ones first). */
function EscalateToField({ disabled }: { disabled: boolean }) {
  const legendId = useId();
  const hintId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const { control } = useFormContext<Values>();
  const { field, fieldState } = useController({ name: 'escalate_to', control });
  const users = useQuery({ queryKey: approvalSlaKeys.users, queryFn: ({ signal }) => approvalSlaApi.users(signal) });
  const chosen = new Set(field.value ?? []);
  const needle = filter.trim().toLocaleLowerCase('id-ID');
  const shown = (users.data ?? [])
    .filter((user: ApprovalSlaUser) => !needle || `${user.fullname} ${user.username}`.toLocaleLowerCase('id-ID').includes(needle))
    .sort((a, b) => Number(chosen.has(b.hash_id)) - Number(chosen.has(a.hash_id)));
  const toggle = (hashId: string, on: boolean) =>
    field.onChange(on ? [...(field.value ?? []), hashId] : (field.value ?? []).filter((value) => value !== hashId));
  const errorId = `${legendId}-error`;
  return (
    <fieldset className="mt-3" aria-describedby={`${hintId}${fieldState.error ? ` ${errorId}` : ''}`}>
      <legend className="h6 mb-1" id={legendId}>
        {text.escalateTo}
      </legend>
      <p className="small text-body-secondary mb-2" id={hintId}>
        {text.escalateHint} <span aria-live="polite">{text.escalateChosen(chosen.size)}</span>
      </p>
      <BsForm.Label htmlFor={filterId} className="small">
        {text.escalateFilter}
      </BsForm.Label>
      <BsForm.Control
        id={filterId}
        type="search"
        size="sm"
        className="mb-2"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        // The list filters as one types: Enter has nothing to run and never saves the form around it.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {users.isError ? <Alert variant="warning">{text.usersFailed}</Alert> : null}
      <div className="border rounded p-2" style={{ maxHeight: '16rem', overflowY: 'auto' }} data-testid="escalate-to">
        {users.isPending ? <p className="placeholder-glow mb-0"><span className="placeholder col-6" /></p> : null}
        {users.data && shown.length === 0 ? <p className="mb-0 text-body-secondary">{text.escalateNone}</p> : null}
        {shown.map((user) => (
          <BsForm.Check
            key={user.hash_id}
            id={`escalate-${user.hash_id}`}
            type="checkbox"
            label={`${user.fullname} (${user.username})`}
            checked={chosen.has(user.hash_id)}
            disabled={disabled}
            onChange={(event) => toggle(user.hash_id, event.target.checked)}
          />
        ))}
      </div>
      {fieldState.error ? (
        <div className="invalid-feedback d-block" id={errorId}>
          {fieldState.error.message}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The approval deadlines (a system setting beside the risk thresholds): who may view system trouble
 * reads them, its update flag edits them. Another admin's save refetches the form through the
 * `settings.approval_sla` topic; the queues re-mark their rows on their own topics.
 */
export function ApprovalSlaForm({ canUpdate }: { canUpdate: boolean }) {
  useTopic(APPROVAL_SLA_TOPIC);
  const queryClient = useQueryClient();
  const { data, form } = useSettingsForm<Values>({
    queryKey: approvalSlaKeys.setting,
    fetch: fetchValues,
    resolver: zodResolver(schema),
  });

  const submit = async (values: Values) => {
    const saved = await approvalSlaApi.save(values);
    showSuccess(saved.message);
    await queryClient.invalidateQueries({ queryKey: [APPROVAL_SLA_TOPIC] });
  };

  return (
    <SettingsCard title={text.title} intro={text.intro} ready={Boolean(data)} form={form} onSubmit={submit}>
      {!canUpdate ? <Alert variant="info">{text.readOnly}</Alert> : null}
      <div className="row g-3">
        <NumberField<Values>
          name="attendance_hours"
          label={text.attendanceHours}
          hint={text.attendanceHint}
          required
          min={minHours}
          max={maxHours}
          step={1}
          disabled={!canUpdate}
          className="col-md-6"
        />
        <NumberField<Values>
          name="permission_hours"
          label={text.permissionHours}
          hint={text.permissionHint}
          required
          min={minHours}
          max={maxHours}
          step={1}
          disabled={!canUpdate}
          className="col-md-6"
        />
      </div>
      <EscalateToField disabled={!canUpdate} />
      {canUpdate ? (
        <div className="d-flex justify-content-end mt-3">
          <FormSubmitButton>{t.form.save}</FormSubmitButton>
        </div>
      ) : null}
    </SettingsCard>
  );
}
