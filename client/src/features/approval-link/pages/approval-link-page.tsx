import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import './approval-link.css';
import { useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DetailList } from '@/components/detail-list';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/skeleton';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { approvalLink as text } from '@/i18n/approval-link.id';
import { id as t } from '@/i18n/id';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/format';
import { useApprovalLink, useDecideByLink, type ApprovalLinkData, type LinkDecision } from '../api/approval-link';

/** The page's frame: no shell, no sign-in (the link's token is the credential). */
function LinkLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page min-vh-100 d-flex align-items-center justify-content-center p-3">
      <div className="auth-card approval-link-card card border-0 shadow">
        <div className="card-body p-4 p-md-5">
          <div className="d-flex align-items-center gap-2 mb-4">
            <img src="/logo.svg" alt="" width="40" height="40" />
            <div>
              <div className="fw-bold fs-5 lh-1">{t.productName}</div>
              <div className="text-muted small">{t.productTagline}</div>
            </div>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A heading that takes the focus when it appears, so a screen reader hears the new step. */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 className="h4 mb-3" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

function refusedHeading(error: unknown): string {
  if (!(error instanceof ApiError)) return text.refusedHeading.failed;
  switch (error.status) {
    case 410:
      return text.refusedHeading.used;
    case 409:
      return text.refusedHeading.decided;
    case 403:
      return text.refusedHeading.denied;
    case 404:
      return text.refusedHeading.invalid;
    case 429:
      return text.refusedHeading.busy;
    default:
      return text.refusedHeading.failed;
  }
}

/** Whether a failure is worth trying again (no answer, a server error); a refusal is final. */
function retriable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;
}

function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : t.errors.network;
  return (
    <>
      <StepHeading>{refusedHeading(error)}</StepHeading>
      {retriable(error) ? (
        <RetryAlert message={message} retryLabel={text.retry} onRetry={onRetry} />
      ) : (
        <Alert variant="warning" role="status">
          {message}
        </Alert>
      )}
      <a href={paths.approvalPermission}>{text.toQueue}</a>
    </>
  );
}

function RequestDetails({ data }: { data: ApprovalLinkData }) {
  return (
    <DetailList
      items={[
        { label: text.fields.name, value: data.name },
        { label: text.fields.employeeNumber, value: data.employee_number_formatted || text.none },
        { label: text.fields.type, value: data.label },
        { label: text.fields.date, value: `${data.date_formatted} (${text.days(formatCount(data.total_days))})` },
        { label: text.fields.addressedTo, value: data.approval_user_name || text.none },
        { label: text.fields.description, value: data.description || text.none },
        { label: text.fields.attachment, value: data.has_attachment ? text.attachmentPresent : text.none },
        { label: text.fields.leaveBalance, value: text.days(formatCount(data.cuti_saldo)) },
        { label: text.fields.submitted, value: data.created_formatted },
      ]}
    />
  );
}

function DecisionForm({ data, token }: { data: ApprovalLinkData; token: string }) {
  const ids = useId();
  const [decision, setDecision] = useState<LinkDecision>(data.suggested_decision === 'reject' ? 'reject' : 'approve');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decide = useDecideByLink(token);
  const noteId = `${ids}-note`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  if (decide.isSuccess) {
    return (
      <>
        <StepHeading>{text.doneHeading}</StepHeading>
        <Alert variant="success" role="status">
          {decide.data.message}
        </Alert>
        <p className="text-muted mb-0">{text.doneHint}</p>
      </>
    );
  }
  if (decide.isError && !(decide.error instanceof ApiError && decide.error.status === 422)) {
    return <Refused error={decide.error} onRetry={() => decide.reset()} />;
  }

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (decision === 'reject' && !note.trim()) {
      setNoteError(text.noteRequired);
      document.getElementById(noteId)?.focus();
      return;
    }
    setNoteError('');
    setConfirming(true);
  };
  const serverNoteError = decide.error instanceof ApiError ? (decide.error.errors.note?.[0] ?? decide.error.message) : '';
  const shownNoteError = noteError || serverNoteError;

  if (confirming) {
    const question = decision === 'approve' ? text.confirmApprove : text.confirmReject;
    return (
      <section aria-labelledby={`${ids}-confirm`}>
        <h2 className="h5" id={`${ids}-confirm`}>
          {text.confirmHeading}
        </h2>
        <p className="mb-1">{question(data.name, data.date_formatted)}</p>
        {note.trim() ? <p className="text-muted">{text.confirmNote(note.trim())}</p> : null}
        <form
          className="d-flex flex-wrap gap-2 mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            decide.mutate(
              { decision, note: note.trim() },
              { onError: (error) => error instanceof ApiError && error.status === 422 && setConfirming(false) },
            );
          }}
        >
          <SubmitButton loading={decide.isPending} variant={decision === 'approve' ? 'success' : 'danger'} autoFocus>
            {decision === 'approve' ? text.confirmYesApprove : text.confirmYesReject}
          </SubmitButton>
          <Button variant="outline-secondary" disabled={decide.isPending} onClick={() => setConfirming(false)}>
            {text.back}
          </Button>
        </form>
      </section>
    );
  }

  return (
    <Form noValidate onSubmit={next}>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold fs-6">{text.decisionLegend}</legend>
        <div className="d-flex gap-4">
          <Form.Check
            type="radio"
            id={`${ids}-approve`}
            name="decision"
            label={text.approve}
            checked={decision === 'approve'}
            onChange={() => setDecision('approve')}
          />
          <Form.Check
            type="radio"
            id={`${ids}-reject`}
            name="decision"
            label={text.reject}
            checked={decision === 'reject'}
            onChange={() => setDecision('reject')}
          />
        </div>
      </fieldset>
      <Form.Group className="mb-3" controlId={noteId}>
        <Form.Label>{text.noteLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          isInvalid={Boolean(shownNoteError)}
          aria-required={decision === 'reject'}
          aria-describedby={shownNoteError ? `${hintId} ${errorId}` : hintId}
        />
        <Form.Text id={hintId}>{decision === 'reject' ? text.noteHintReject : text.noteHintApprove}</Form.Text>
        {shownNoteError ? (
          <Form.Control.Feedback type="invalid" id={errorId}>
            {shownNoteError}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
      <Button type="submit" variant={decision === 'approve' ? 'success' : 'danger'}>
        {text.next}: {decision === 'approve' ? text.approve : text.reject}
      </Button>
    </Form>
  );
}

/** /approval-link/<token>: the izin request an e-mailed link decides, its Approve / Reject with a note
 * and a confirmation, then the result; a spent, expired or overtaken link says so. */
export function ApprovalLinkPage() {
  const { token = '' } = useParams();
  const link = useApprovalLink(token);

  let body: ReactNode;
  if (link.isPending) {
    body = (
      <>
        <h1 className="h4 mb-3">{text.heading}</h1>
        <Skeleton lines={6} />
      </>
    );
  } else if (link.isError) {
    body = <Refused error={link.error} onRetry={() => void link.refetch()} />;
  } else {
    const data = link.data;
    body = (
      <>
        <h1 className="h4 mb-1">{text.heading}</h1>
        <p className="text-muted mb-1">{text.intro(data.approver_name)}</p>
        <p className="text-muted small mb-3">{text.validUntil(formatDateTime(data.expires_at))}</p>
        <RequestDetails data={data} />
        <DecisionForm data={data} token={token} />
      </>
    );
  }
  return <LinkLayout>{body}</LinkLayout>;
}
