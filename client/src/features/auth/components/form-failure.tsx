/**
 * A sign-in form's refusal (a wrong password, a locked account, no connection), said on the form above
 * its button instead of in a popup (issue 6/7): an alert, which the fields name in their
 * aria-describedby (`id`) so the message is read with the field that takes the focus.
 */
export function FormFailure({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} className="alert alert-danger d-flex align-items-center gap-2 py-2 mb-3" role="alert">
      <i className="bi bi-exclamation-circle" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
