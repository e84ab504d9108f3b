import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { GuardedCancelButton, GuardedModal } from '@/components/form';
import { useReportUnsaved } from '@/components/form/close-guard';
import { ModalHeading } from '@/components/modal-heading';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { useUnsavedInput } from '@/lib/build-version';
import { showSuccess } from '@/lib/notifications';
import { employeeApi, useLevelOptions, type EmployeeRow } from '../api/people-api';
import {
  emptyWizard,
  masked,
  stepErrors,
  stepOfServerErrors,
  WIZARD_VALIDATION_DELAY_MS,
  type WizardErrors,
  type WizardValues,
} from './wizard-rules';

const text = t.people.wizard;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FieldProps {
  label: string;
  name: keyof WizardValues;
  type?: 'text' | 'password';
  values: WizardValues;
  errors: WizardErrors;
  onChange: (name: keyof WizardValues, value: string) => void;
  autoFocus?: boolean;
  autoComplete?: string;
}

function WizardField({ label, name, type = 'text', values, errors, onChange, autoFocus, autoComplete }: FieldProps) {
  const inputId = useId();
  const error = errors[name];
  return (
    <Form.Group className="mb-3" controlId={inputId}>
      <Form.Label>
        {label}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </Form.Label>
      <Form.Control
        type={type}
        value={values[name]}
        onChange={(event) => onChange(name, event.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required
        aria-describedby={error ? `${inputId}-error` : undefined}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
      />
      {error ? (
        <div id={`${inputId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </Form.Group>
  );
}

/**
 * Inside the GuardedModal: while the wizard holds typed input, closing it asks first (DESIGN §18) and a
 * newer client build waits (what the kit's Form reports for its forms).
 */
function UnsavedInput({ dirty }: { dirty: boolean }) {
  useReportUnsaved(dirty);
  useUnsavedInput(dirty);
  return null;
}

/**
 * 'Jadikan Personalia' (doc1 §4): step 1 username, step 2 password, step 3 access level (submitted:
 * POST employee/set_personalia), step 4 'Selesai!' with the password masked. Steps 1 and 2 check
 * locally after 250 ms; Batal at steps 1-3 closes the wizard and starts it again at step 1. With
 * something typed, Batal, Esc, the X and a click outside first ask 'Tutup form?'.
 */
export function PersonaliaWizard({ employee, onClose, onDone }: { employee: EmployeeRow | null; onClose: () => void; onDone: () => void }) {
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<WizardValues>(emptyWizard);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const levelSelectId = useId();
  const titleId = useId();
  const open = employee !== null;
  const levels = useLevelOptions(open);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const reset = () => {
    setStep(1);
    setValues(emptyWizard);
    setErrors({});
    setFormError('');
  };
  const close = () => {
    if (busy) return;
    const finished = step === 4;
    reset();
    onClose();
    if (finished) onDone();
  };
  const change = (name: keyof WizardValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const next = async () => {
    setBusy(true);
    await wait(WIZARD_VALIDATION_DELAY_MS);
    if (!mounted.current) return;
    const found = stepErrors(step, values, text.messages);
    setBusy(false);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(step + 1);
  };

  const submit = async () => {
    const found = stepErrors(3, values, text.messages);
    setErrors(found);
    if (Object.keys(found).length > 0 || !employee) return;
    setBusy(true);
    setFormError('');
    try {
      const answer = await employeeApi.setPersonalia({ hash_id: employee.hash_id, ...values });
      showSuccess(answer.message);
      setStep(4);
    } catch (error) {
      if (error instanceof ApiError) {
        const back = stepOfServerErrors(error.errors);
        const fieldErrors: WizardErrors = {};
        for (const key of ['username', 'password', 'confirm_password', 'level_id'] as const) {
          if (error.errors[key]?.[0]) fieldErrors[key] = error.errors[key][0];
        }
        setErrors(fieldErrors);
        if (back) setStep(back);
        else setFormError(error.message);
      } else {
        setFormError(t.errors.generic);
      }
    } finally {
      setBusy(false);
    }
  };

  const dirty = step < 4 && (Object.keys(emptyWizard) as (keyof WizardValues)[]).some((key) => values[key] !== emptyWizard[key]);
  const levelName = levels.data?.find((level) => level.id === values.level_id)?.name ?? '';

  return (
    <GuardedModal show={open} onHide={close} centered aria-labelledby={titleId} backdrop={busy ? 'static' : true}>
      <UnsavedInput dirty={dirty} />
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step < 3) void next();
          else if (step === 3) void submit();
          else close();
        }}
      >
        <ModalHeading id={titleId} closeButton={!busy}>
          {text.title}
          {employee ? <span className="d-block small text-muted fw-normal">{employee.name}</span> : null}
        </ModalHeading>
        <Modal.Body>
          <ol className="list-inline small mb-3" aria-label={text.stepOf(step, 4)}>
            {text.steps.map((label, index) => (
              <li
                key={label}
                className={`list-inline-item ${index + 1 === step ? 'fw-semibold text-primary' : 'text-muted'}`}
                aria-current={index + 1 === step ? 'step' : undefined}
              >
                {index + 1}. {label}
              </li>
            ))}
          </ol>
          {formError ? (
            <div className="alert alert-danger py-2" role="alert">
              {formError}
            </div>
          ) : null}
          {step === 1 ? (
            <WizardField label={text.username} name="username" values={values} errors={errors} onChange={change} autoFocus autoComplete="off" />
          ) : null}
          {step === 2 ? (
            <>
              <WizardField label={text.password} name="password" type="password" values={values} errors={errors} onChange={change} autoFocus autoComplete="new-password" />
              <WizardField label={text.confirmPassword} name="confirm_password" type="password" values={values} errors={errors} onChange={change} autoComplete="new-password" />
            </>
          ) : null}
          {step === 3 ? (
            <Form.Group className="mb-3" controlId={levelSelectId}>
              <Form.Label>
                {text.level}
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              </Form.Label>
              <Form.Select
                value={values.level_id}
                onChange={(event) => change('level_id', event.target.value)}
                isInvalid={Boolean(errors.level_id)}
                aria-invalid={Boolean(errors.level_id)}
                aria-required
                aria-describedby={errors.level_id ? `${levelSelectId}-error` : undefined}
                autoFocus
              >
                <option value="">{t.form.chooseOption}</option>
                {(levels.data ?? []).map((level) => (
                  <option key={level.id} value={level.id}>
                    {level.name}
                  </option>
                ))}
              </Form.Select>
              {errors.level_id ? (
                <div id={`${levelSelectId}-error`} className="invalid-feedback d-block">
                  {errors.level_id}
                </div>
              ) : null}
            </Form.Group>
          ) : null}
          {step === 4 && employee ? (
            <div role="status">
              <h3 className="h5 text-success">{text.doneTitle}</h3>
              <p>{text.doneText(employee.name)}</p>
              <dl className="row mb-0">
                <dt className="col-5">{text.employee}</dt>
                <dd className="col-7">{employee.name}</dd>
                <dt className="col-5">{text.email}</dt>
                <dd className="col-7">{employee.email}</dd>
                <dt className="col-5">{text.username}</dt>
                <dd className="col-7">{values.username}</dd>
                <dt className="col-5">{text.password}</dt>
                <dd className="col-7" aria-label={text.password}>
                  {masked(values.password)}
                </dd>
                <dt className="col-5">{text.level}</dt>
                <dd className="col-7">{levelName}</dd>
              </dl>
            </div>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          {step < 4 ? (
            <>
              <GuardedCancelButton onCancel={close} disabled={busy}>
                {text.cancel}
              </GuardedCancelButton>
              {step > 1 ? (
                <Button variant="outline-primary" onClick={() => setStep(step - 1)} disabled={busy}>
                  {text.back}
                </Button>
              ) : null}
              <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
                {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
                {step === 3 ? text.submit : text.next}
              </Button>
            </>
          ) : (
            <Button type="submit" variant="primary">
              {text.done}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </GuardedModal>
  );
}
