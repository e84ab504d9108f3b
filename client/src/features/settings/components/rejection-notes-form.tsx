import Alert from 'react-bootstrap/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { rejectionNotesKey, REJECTION_NOTES_TOPIC } from '@/components/attendance-log/rejection-notes';
import { FormSubmitButton, SettingsCard, TextareaField, useSettingsForm } from '@/components/form';
import { id as t } from '@/i18n/id';
import { showSuccess } from '@/lib/notifications';
import { useTopic } from '@/lib/realtime';
import { rejectionNotesApi, REJECTION_NOTES_LIMITS } from '../api/settings-api';

const text = t.settings.permission.rejectionNotes;
const { maxNotes, maxLength } = REJECTION_NOTES_LIMITS;

/** The notes of the textarea: one per line, trimmed, blank lines left out. */
export function notesOf(lines: string): string[] {
  return lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const schema = z.object({ notes: z.string() }).superRefine(({ notes: lines }, ctx) => {
  const notes = notesOf(lines);
  const problem = (message: string) => ctx.addIssue({ code: 'custom', path: ['notes'], message });
  if (notes.length > maxNotes) problem(text.tooMany);
  const long = notes.findIndex((note) => note.length > maxLength);
  if (long >= 0) problem(text.tooLong(long + 1));
  const seen = new Set<string>();
  for (const note of notes) {
    const key = note.toLocaleLowerCase('id-ID');
    if (seen.has(key)) {
      problem(text.twice(note));
      break;
    }
    seen.add(key);
  }
});
type Values = z.input<typeof schema>;

async function fetchValues(signal: AbortSignal): Promise<Values> {
  return { notes: (await rejectionNotesApi.get(signal)).notes.join('\n') };
}

/**
 * The preset rejection notes (a system setting, kept beside the risk thresholds): who may view system
 * trouble reads them, its update flag edits them, one note per line in the order approvers see them.
 * Another admin's save refetches the form through the `settings.rejection_notes` topic.
 */
export function RejectionNotesForm({ canUpdate }: { canUpdate: boolean }) {
  useTopic(REJECTION_NOTES_TOPIC);
  const queryClient = useQueryClient();
  const { data, form } = useSettingsForm<Values>({
    queryKey: [...rejectionNotesKey, 'settings'],
    fetch: fetchValues,
    resolver: zodResolver(schema),
  });

  const submit = async (values: Values) => {
    const saved = await rejectionNotesApi.save(notesOf(values.notes));
    showSuccess(saved.message);
    await queryClient.invalidateQueries({ queryKey: rejectionNotesKey });
  };

  return (
    <SettingsCard title={text.title} intro={text.intro} ready={Boolean(data)} form={form} onSubmit={submit}>
      {!canUpdate ? <Alert variant="info">{text.readOnly}</Alert> : null}
      <TextareaField<Values> name="notes" label={text.label} hint={text.hint} rows={8} disabled={!canUpdate} />
      {canUpdate ? (
        <div className="d-flex justify-content-end mt-3">
          <FormSubmitButton>{t.form.save}</FormSubmitButton>
        </div>
      ) : null}
    </SettingsCard>
  );
}
