import Alert from 'react-bootstrap/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormSubmitButton, NumberField, SettingsCard, useSettingsForm } from '@/components/form';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { useTopic } from '@/lib/realtime';
import { riskSettingsApi, topics, type RiskSettings } from '../api/settings-api';

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
] as const satisfies readonly (readonly [keyof RiskSettings, number, number])[];

function threshold(name: keyof RiskSettings, low: number, high: number) {
  const message = text.range(text.fields[name], low, high);
  return z.number({ error: t.form.required(text.fields[name]) }).int(message).min(low, message).max(high, message);
}

const schema = z
  .object(
    Object.fromEntries(RISK_THRESHOLDS.map(([name, low, high]) => [name, threshold(name, low, high)])) as {
      [K in keyof RiskSettings]: z.ZodNumber;
    },
  )
  .refine((values) => values.high_from > values.medium_from, { path: ['high_from'], message: text.order });
type Values = z.input<typeof schema>;

const queryKey = [topics.risk, 'thresholds'] as const;

/**
 * The risk thresholds (a system setting): who may view system trouble reads them, its update flag
 * saves them. Saving rescores the waiting check-ins on the server; another admin's save refetches
 * the form through the `settings.risk` topic.
 */
export function RiskSettingsForm({ canUpdate }: { canUpdate: boolean }) {
  useTopic(topics.risk);
  const queryClient = useQueryClient();
  const { data, form } = useSettingsForm<Values>({ queryKey, fetch: riskSettingsApi.get, resolver: zodResolver(schema) });

  const submit = async (values: Values) => {
    const saved = await riskSettingsApi.save(values as RiskSettings);
    showSuccess(saved.data.rescore_job ? `${saved.message} ${text.rescoring}` : saved.message);
    await queryClient.invalidateQueries({ queryKey: [topics.risk] });
  };

  return (
    <SettingsCard title={text.title} intro={text.intro} ready={Boolean(data)} form={form} onSubmit={submit}>
      {!canUpdate ? <Alert variant="info">{text.readOnly}</Alert> : null}
      <div className="row g-3">
        {RISK_THRESHOLDS.map(([name, low, high]) => (
          <NumberField<Values>
            key={name}
            name={name}
            label={text.fields[name]}
            required
            min={low}
            max={high}
            step={1}
            disabled={!canUpdate}
            className="col-md-6"
          />
        ))}
      </div>
      {canUpdate ? (
        <div className="d-flex justify-content-end mt-3">
          <FormSubmitButton>{t.form.save}</FormSubmitButton>
        </div>
      ) : null}
    </SettingsCard>
  );
}
