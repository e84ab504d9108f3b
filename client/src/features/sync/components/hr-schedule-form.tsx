import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormSubmitButton, SettingsCard, SwitchField, TimeField, requiredTime, useSettingsForm } from '@/components/form';
import { id as t } from '@/i18n/id';
import { formatTime, SERVER_ZONE } from '@/lib/dates';
import { showSuccess } from '@/lib/notifications';
import { getSyncSchedule, saveSyncSchedule, scheduleKey } from '../api/schedule';

const text = t.sync.schedule;

const schema = z.object({ hr_pull_enabled: z.boolean(), hr_pull_time: requiredTime(text.timeInvalid) });
type Values = z.input<typeof schema>;

/**
 * 'Jadwal Tarik Data HR': off by default; on, beat starts the same HR pull as the button once a day
 * at the time set (server time), shown as started by 'Terjadwal'.
 */
export function HrScheduleForm() {
  const queryClient = useQueryClient();
  const { data, form } = useSettingsForm<Values>({ queryKey: scheduleKey, fetch: getSyncSchedule, resolver: zodResolver(schema) });

  const submit = async (values: Values) => {
    const saved = await saveSyncSchedule(values);
    showSuccess(saved.message);
    queryClient.setQueryData(scheduleKey, saved.data);
  };

  return (
    <SettingsCard title={text.title} intro={text.intro} ready={Boolean(data)} form={form} onSubmit={submit} className="h-100">
      <SwitchField<Values> name="hr_pull_enabled" label={text.enabled} />
      <TimeField<Values> name="hr_pull_time" label={text.time} required className="mb-2" />
      <p className="small text-muted mb-2" data-testid="hr-schedule-state">
        {data?.hr_pull_enabled ? text.on(formatTime(data.hr_pull_time, SERVER_ZONE)) : text.off}
      </p>
      <div className="d-flex justify-content-end">
        <FormSubmitButton>{t.form.save}</FormSubmitButton>
      </div>
    </SettingsCard>
  );
}
