import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useController, useForm, useFormContext, useFormState } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DateTimeField, FileField, Form, FormAlert, GuardedCancelButton, SwitchField, TextField } from '@/components/form';
import { ModalHeading } from '@/components/modal-heading';
import { SubmitButton } from '@/components/submit-button';
import { id as t } from '@/i18n/id';
import { browserZone, dayjs, formatDateTime } from '@/lib/dates';
import type { AnnouncementPayload } from '../api/save-announcement';
import type { AnnouncementDetail, AnnouncementTag } from '../api/types';
import { AttachmentLink } from '@/components/attachment-link';
import { parseMoment, pickerMinimum, serverMinimum, toApiMoment, toLocalInput } from './format';
import { RichTextEditor } from './rich-text-editor';
import { TagSelectField } from './tag-select-field';

const text = t.announcement;
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,application/pdf,image/jpeg,image/png,image/gif,image/webp';

function plainText(html: string): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return (parsed.body.textContent ?? '').trim();
}

export const announcementSchema = z
  .object({
    title: z.string().max(200, text.validation.title),
    tags: z.array(z.string()),
    publishedDate: z.string(),
    content: z.string(),
    urlTitle: z.string().max(200),
    url: z.string().max(500),
    attachment: z.instanceof(File).nullable(),
    removeAttachment: z.boolean(),
    isImportant: z.boolean(),
    publish: z.boolean(),
  })
  .superRefine((values, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!values.title.trim()) issue('title', text.validation.title);
    if (values.attachment && values.attachment.size > MAX_ATTACHMENT_BYTES) {
      issue('attachment', text.validation.attachmentTooBig);
    }
    if (!values.publish) return;
    if (values.tags.length === 0) issue('tags', text.validation.tag);
    if (!values.publishedDate) issue('publishedDate', text.validation.publishedDate);
    else if (dayjs(values.publishedDate).isBefore(serverMinimum())) {
      issue('publishedDate', text.validation.publishedDateTooSoon);
    }
    if (!plainText(values.content)) issue('content', text.validation.content);
  });

export type AnnouncementFormValues = z.infer<typeof announcementSchema>;

function initialValues(detail: AnnouncementDetail | null): AnnouncementFormValues {
  return {
    title: detail?.title ?? '',
    tags: detail?.tag ?? [],
    publishedDate: detail?.published_date ? toLocalInput(parseMoment(detail.published_date)) : '',
    content: detail?.content ?? '',
    urlTitle: detail?.url_title ?? '',
    url: detail?.url ?? '',
    attachment: null,
    removeAttachment: false,
    isImportant: Boolean(detail?.is_important),
    publish: false,
  };
}

export function toPayload(values: AnnouncementFormValues, hashId?: string): AnnouncementPayload {
  return {
    hashId,
    title: values.title,
    content: values.content,
    publish: values.publish,
    isImportant: values.isImportant,
    publishedDate: values.publishedDate ? toApiMoment(values.publishedDate) : '',
    tags: values.tags,
    urlTitle: values.urlTitle,
    url: values.url,
    attachment: values.attachment,
    removeAttachment: values.removeAttachment && !values.attachment,
  };
}

function ContentField() {
  const labelId = useId();
  const errorId = useId();
  const { control } = useFormContext<AnnouncementFormValues>();
  const { field, fieldState } = useController({ name: 'content', control });
  const error = fieldState.error?.message;
  return (
    <div className="mb-3">
      <div id={labelId} className="form-label">
        {text.form.content}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </div>
      <RichTextEditor
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={Boolean(error)}
        labelledBy={labelId}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function CurrentAttachment({ detail }: { detail: AnnouncementDetail }) {
  const { control, setValue } = useFormContext<AnnouncementFormValues>();
  const { field } = useController({ name: 'removeAttachment', control });
  if (!detail.attachment) return null;
  return (
    <div className="mb-2 small">
      <span className="text-muted me-2">{text.form.currentAttachment}:</span>
      {field.value ? (
        <span className="text-decoration-line-through me-2">{detail.attachment_name}</span>
      ) : (
        <span className="me-2">
          <AttachmentLink href={detail.attachment} name={detail.attachment_name} />
        </span>
      )}
      <Button
        size="sm"
        variant="link"
        className="p-0 align-baseline"
        onClick={() => setValue('removeAttachment', !field.value, { shouldDirty: true })}
      >
        {field.value ? text.form.keepAttachment : text.form.removeAttachment}
      </Button>
      {field.value ? <span className="d-block text-muted">{text.form.attachmentRemoved}</span> : null}
    </div>
  );
}

function Footer({ onCancel }: { onCancel: () => void }) {
  const { control, setValue } = useFormContext<AnnouncementFormValues>();
  const { isSubmitting } = useFormState({ control });
  const [intent, setIntent] = useState<'draft' | 'publish'>('draft');
  const choose = (publish: boolean) => () => {
    setIntent(publish ? 'publish' : 'draft');
    setValue('publish', publish);
  };
  return (
    <Modal.Footer>
      <GuardedCancelButton className="me-auto" disabled={isSubmitting} onCancel={onCancel}>
        {text.form.cancel}
      </GuardedCancelButton>
      <SubmitButton variant="outline-primary" loading={isSubmitting && intent === 'draft'} disabled={isSubmitting} onClick={choose(false)}>
        {text.form.saveDraft}
      </SubmitButton>
      <SubmitButton loading={isSubmitting && intent === 'publish'} disabled={isSubmitting} onClick={choose(true)}>
        {text.form.publish}
      </SubmitButton>
    </Modal.Footer>
  );
}

export interface AnnouncementFormProps {
  /** The draft being edited, or null for a new announcement. */
  detail: AnnouncementDetail | null;
  tags: readonly AnnouncementTag[];
  titleId: string;
  title: string;
  onSubmit: (payload: AnnouncementPayload) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The announcement form inside its modal (doc1 §2.10): 'Simpan draft' checks only the title;
 * 'Terbitkan' checks the publish rules of doc1 §5 and the picker's minimum date. A failed save keeps
 * everything typed and shows the server's messages on the fields.
 */
export function AnnouncementForm({ detail, tags, titleId, title, onSubmit, onCancel }: AnnouncementFormProps) {
  const form = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementSchema),
    defaultValues: initialValues(detail),
  });
  const [minimum] = useState(() => pickerMinimum());
  return (
    <Form
      form={form}
      onSubmit={(values) => onSubmit(toPayload(values, detail?.hash_id))}
      serverErrors={{
        fieldMap: {
          tag: 'tags',
          published_date: 'publishedDate',
          url_title: 'urlTitle',
          is_important: 'isImportant',
          remove_attachment: 'removeAttachment',
        },
      }}
      aria-labelledby={titleId}
    >
      <ModalHeading id={titleId}>{title}</ModalHeading>
      <Modal.Body>
        <FormAlert />
        <TextField<AnnouncementFormValues> name="title" label={text.form.title} placeholder={text.form.titlePlaceholder} maxLength={200} required />
        <TagSelectField<AnnouncementFormValues> name="tags" label={text.form.tag} hint={text.form.tagHint} tags={tags} required />
        <DateTimeField<AnnouncementFormValues>
          name="publishedDate"
          label={text.form.publishedDate}
          hint={text.form.publishedDateHint(formatDateTime(minimum, browserZone()))}
          min={toLocalInput(minimum)}
          required
        />
        <ContentField />
        <div className="row">
          <TextField<AnnouncementFormValues> name="urlTitle" label={text.form.urlTitle} maxLength={200} className="col-md-6 mb-3" />
          <TextField<AnnouncementFormValues> name="url" label={text.form.url} placeholder="contoh.co.id/info" maxLength={500} hint={text.form.urlHint} className="col-md-6 mb-3" />
        </div>
        {detail ? <CurrentAttachment detail={detail} /> : null}
        <FileField<AnnouncementFormValues> name="attachment" label={text.form.attachment} hint={text.form.attachmentHint} accept={ATTACHMENT_ACCEPT} />
        <SwitchField<AnnouncementFormValues> name="isImportant" label={text.form.important} />
      </Modal.Body>
      <Footer onCancel={onCancel} />
    </Form>
  );
}
