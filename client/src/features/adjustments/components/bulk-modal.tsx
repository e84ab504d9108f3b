import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DateField, Form, GuardedModal, NumberField, requiredDate, requiredNumber, SelectField } from '@/components/form';
import { ModalFormFooter } from '@/components/form/modal-form-footer';
import { adjustmentsText } from '@/i18n/adjustments.id';
import type { BulkValues } from './edits';

const text = adjustmentsText.attendance;
const m = text.messages;

function bulkSchema(min: string, max: string) {
  return z
    .object({
      start: requiredDate(m.range).refine((value) => value >= min && value <= max, m.range),
      end: requiredDate(m.range).refine((value) => value >= min && value <= max, m.range),
      actualOvertime: requiredNumber(m.overtime, { min: 0, minMessage: m.overtimeMin }),
      status: z.enum(['1', '0'], { error: m.status }),
    })
    .refine((values) => values.end >= values.start, { path: ['end'], message: m.range });
}

type Schema = ReturnType<typeof bulkSchema>;

export interface BulkModalProps {
  show: boolean;
  /** The originally requested range: dates outside it cannot be picked (doc2 §4). */
  min: string;
  max: string;
  onClose: () => void;
  onApply: (values: BulkValues) => void;
}

/** 'Edit Semua' (doc2 §2.5, §3, §5): date range, actual overtime (default 0) and status (default valid). */
export function BulkModal({ show, min, max, onClose, onApply }: BulkModalProps) {
  const titleId = useId();
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(bulkSchema(min, max)),
    defaultValues: { start: min, end: max, actualOvertime: 0, status: '1' },
  });
  return (
    <GuardedModal show={show} onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={adjustmentsText.leave.close}>
        <Modal.Title id={titleId}>{text.bulkTitle}</Modal.Title>
      </Modal.Header>
      <Form
        form={form}
        aria-labelledby={titleId}
        onSubmit={(values) => {
          onApply({ start: values.start, end: values.end, actualOvertime: values.actualOvertime, status: Number(values.status) });
        }}
      >
        <Modal.Body>
          <fieldset>
            <legend className="form-label small mb-1">{text.bulkRange}</legend>
            <div className="row g-2">
              <DateField name="start" label={text.bulkStart} required className="col-sm-6 mb-3" min={min} max={max} />
              <DateField name="end" label={text.bulkEnd} required className="col-sm-6 mb-3" min={min} max={max} />
            </div>
          </fieldset>
          <NumberField name="actualOvertime" label={text.actualOvertime} required />
          <SelectField
            name="status"
            label={text.status}
            required
            placeholder={null}
            options={[
              { value: '1', label: adjustmentsText.valid },
              { value: '0', label: adjustmentsText.invalid },
            ]}
          />
        </Modal.Body>
        <ModalFormFooter cancelLabel={adjustmentsText.leave.cancel} onCancel={onClose} submitLabel={text.bulkApply} />
      </Form>
    </GuardedModal>
  );
}
