import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { CardPanel } from '@/components/card-panel';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/skeleton';
import { approvalDigest as text } from '@/i18n/approval-link.id';
import { showSuccess } from '@/lib/notifications';
import { useApprovalDigest, useSetApprovalDigest } from '../api/approval-digest';

/** The profile's opt-out of the approvers' daily digest e-mail (on by default). */
export function ApprovalDigestSwitch() {
  const ids = useId();
  const digest = useApprovalDigest();
  const save = useSetApprovalDigest();
  const enabled = save.isPending ? save.variables : digest.data;

  return (
    <CardPanel as="section" className="mt-3" aria-labelledby={`${ids}-heading`}>
      <h2 className="h6 fw-semibold mb-1" id={`${ids}-heading`}>
        {text.heading}
      </h2>
      <p className="small text-muted" id={`${ids}-hint`}>
        {text.hint}
      </p>
      {digest.isError ? (
        <RetryAlert className="gap-2 mb-0" message={text.loadFailed} retryLabel={text.retry} onRetry={() => void digest.refetch()} />
      ) : digest.isPending ? (
        <Skeleton lines={1} />
      ) : (
        <Form.Check
          type="switch"
          role="switch"
          id={`${ids}-switch`}
          label={text.label}
          checked={Boolean(enabled)}
          disabled={save.isPending}
          aria-describedby={`${ids}-hint`}
          onChange={(event) =>
            save.mutate(event.target.checked, { onSuccess: (_data, value) => showSuccess(value ? text.on : text.off) })
          }
        />
      )}
      {save.isError ? (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {text.saveFailed}
        </Alert>
      ) : null}
    </CardPanel>
  );
}
