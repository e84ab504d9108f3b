import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, NumberField, SettingsCard, useSettingsForm } from '@/components/form';
import { StaticTable, type StaticTableColumn } from '@/components/static-table';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { useTopic } from '@/lib/realtime';
import {
  riskSettingsApi,
  riskSettingsKeys,
  topics,
  useRiskPreview,
  useRiskRules,
  type RiskRule,
  type RiskThresholds,
} from '../api/settings-api';

const text = t.settings.permission.risk;

/** Each threshold with the range the server accepts (server/attendance/apis/risk_settings.py). */
export const RISK_THRESHOLDS = [
  ['radius_margin_m', 0, 10_000],
  ['max_gps_accuracy_m', 1, 10_000],
  ['face_match_threshold', 1, 100],
  ['max_travel_kmh', 10, 2_000],
  ['shift_window_minutes', 0, 1_440],
  ['new_device_days', 0, 365],
  ['blacklist_lookback_days', 0, 365],
  ['medium_from', 1, 100],
  ['high_from', 1, 100],
] as const satisfies readonly (readonly [keyof RiskThresholds, number, number])[];

const LEVELS: readonly string[] = ['medium_from', 'high_from'];

/** Unsaved values wait this long after the last keystroke before the server previews them. */
export const RISK_PREVIEW_DEBOUNCE_MS = 400;

function threshold(name: keyof RiskThresholds, low: number, high: number) {
  const message = text.range(text.fields[name], low, high);
  return z.number({ error: t.form.required(text.fields[name]) }).int(message).min(low, message).max(high, message);
}

const schema = z
  .object(
    Object.fromEntries(RISK_THRESHOLDS.map(([name, low, high]) => [name, threshold(name, low, high)])) as {
      [K in keyof RiskThresholds]: z.ZodNumber;
    },
  )
  .refine((values) => values.high_from > values.medium_from, { path: ['high_from'], message: text.order });
type Values = z.input<typeof schema>;


/** The thresholds as they stand in the form, once they pass the form's own checks ('' otherwise). */
function useValidValues(control: Control<Values>): string {
  const values = useWatch({ control });
  const parsed = schema.safeParse(values);
  return parsed.success ? JSON.stringify(parsed.data) : '';
}

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * What the unsaved thresholds would make of the waiting logs, counted by the server (nothing saved),
 * live as the values change (debounced); announced politely to screen readers.
 */
function RiskPreview({ control }: { control: Control<Values> }) {
  const headingId = useId();
  const valid = useValidValues(control);
  const asked = useDebounced(valid, RISK_PREVIEW_DEBOUNCE_MS);
  const preview = useRiskPreview(asked);
  const settling = valid !== asked || preview.isFetching;
  let line: string;
  if (!valid) line = text.preview.invalid;
  else if (preview.data && !settling) line = text.preview.result(preview.data.low, preview.data.medium, preview.data.high);
  else if (preview.isError && !settling) line = text.preview.failed;
  else line = text.preview.counting;
  return (
    <section className="border rounded p-3 mb-3 bg-body-tertiary" aria-labelledby={headingId} data-testid="risk-preview">
      <h3 className="h6" id={headingId}>
        {text.preview.title}
      </h3>
      <p className="mb-1 fw-semibold" role="status" aria-live="polite" aria-busy={settling}>
        {line}
      </p>
      {preview.data && valid && !settling ? <p className="small text-body-secondary mb-0">{text.preview.total(preview.data.total)}</p> : null}
    </section>
  );
}

const ruleColumns: StaticTableColumn<RiskRule>[] = [
  { key: 'label', header: text.rules.factor, cell: (rule) => rule.label, rowHeader: true },
  { key: 'weight', header: text.rules.weight, cell: (rule) => rule.weight },
  { key: 'floor', header: text.rules.floor, cell: (rule) => rule.floor || text.rules.noFloor },
];

/** The weights and floors of the factors: fixed by the system, shown to explain the thresholds. */
function RiskRules({ rules }: { rules: readonly RiskRule[] }) {
  const headingId = useId();
  return (
    <section className="mt-4" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>
        {text.rules.title}
      </h3>
      <p className="small text-body-secondary">{text.rules.intro}</p>
      <StaticTable<RiskRule>
        columns={ruleColumns}
        rows={rules}
        rowKey={(rule) => rule.code}
        className="table table-sm align-middle mb-0"
        label={text.rules.title}
      />
    </section>
  );
}

/**
 * The risk thresholds (a system setting): who may view system trouble reads them with the rules they
 * feed (weights and floors, read only), its update flag edits them with a live preview of the queue
 * before saving. Saving rescores the waiting check-ins on the server; another admin's save refetches
 * the form through the `settings.risk` topic.
 */
export function RiskSettingsForm({ canUpdate }: { canUpdate: boolean }) {
  useTopic(topics.risk);
  const queryClient = useQueryClient();
  const { data, form } = useSettingsForm<Values>({ queryKey: riskSettingsKeys.thresholds, fetch: riskSettingsApi.get, resolver: zodResolver(schema) });
  const rules = useRiskRules();

  const submit = async (values: Values) => {
    const saved = await riskSettingsApi.save(values as RiskThresholds);
    showSuccess(saved.data.rescore_job ? `${saved.message} ${text.rescoring}` : saved.message);
    await queryClient.invalidateQueries({ queryKey: [topics.risk] });
  };

  const field = ([name, low, high]: (typeof RISK_THRESHOLDS)[number]) => (
    <NumberField<Values>
      key={name}
      name={name}
      label={text.fields[name]}
      hint={text.hints[name]}
      required
      min={low}
      max={high}
      step={1}
      disabled={!canUpdate}
      className="col-md-6"
    />
  );

  return (
    <SettingsCard title={text.title} intro={text.intro} ready={Boolean(data)} form={form} onSubmit={submit}>
      {!canUpdate ? <Alert variant="info">{text.readOnly}</Alert> : null}
      {canUpdate ? <RiskPreview control={form.control} /> : null}
      <fieldset>
        <legend className="h6">{text.levelsTitle}</legend>
        <div className="row g-3">{RISK_THRESHOLDS.filter(([name]) => LEVELS.includes(name)).map(field)}</div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="h6">{text.factorsTitle}</legend>
        <div className="row g-3">{RISK_THRESHOLDS.filter(([name]) => !LEVELS.includes(name)).map(field)}</div>
      </fieldset>
      {canUpdate ? (
        <div className="d-flex justify-content-end mt-3">
          <FormSubmitButton>{t.form.save}</FormSubmitButton>
        </div>
      ) : null}
      {rules.data ? <RiskRules rules={rules.data} /> : null}
    </SettingsCard>
  );
}
