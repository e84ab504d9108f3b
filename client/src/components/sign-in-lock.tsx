import type { SyntheticEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ConfirmPopover } from '@/components/confirm-popover';
import { showSuccess } from '@/lib/notifications';

/** The texts of one screen's lock badge (from `@/i18n/id`). */
export interface SignInLockText {
  locked: (minutes: number) => string;
  lockedHint: string;
  unlock: string;
  unlockOf: (name: string) => string;
  unlockQuestion: string;
}

export interface SignInLockProps {
  /** Minutes left of the running lock; 0 (not locked) renders nothing. */
  minutes: number;
  /** Whose account it is, for the unlock button's accessible name. */
  name: string;
  text: SignInLockText;
  /** The unlock call; without it (no update flag) only the badge shows. */
  unlock?: () => Promise<{ message: string }>;
  /** Refetched after an unlock, whether it worked or was refused. */
  queryKey: QueryKey;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * An account locked by 10 failed sign-ins (DESIGN §16): a 'Terkunci N menit lagi' badge and, for an
 * admin who may unlock, an unlock button behind a confirm. Clicks stay inside (a table row under it
 * does not open). The list refetches on its topic, so a lock or another admin's unlock shows at once.
 */
export function SignInLock({ minutes, name, text, unlock, queryKey }: SignInLockProps) {
  const queryClient = useQueryClient();
  if (minutes <= 0) return null;
  const run = async (call: () => Promise<{ message: string }>) => {
    try {
      showSuccess((await call()).message);
    } catch {
      // The error popup already says why (e.g. another admin unlocked it first).
    }
    await queryClient.invalidateQueries({ queryKey });
  };
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2 ms-2" onClick={stop} onKeyDown={stop}>
      <span className="badge text-bg-danger" title={text.lockedHint}>
        <i className="bi bi-lock-fill me-1" aria-hidden="true" />
        {text.locked(minutes)}
      </span>
      {unlock ? (
        <ConfirmPopover question={text.unlockQuestion} confirmLabel={text.unlock} confirmVariant="primary" onConfirm={() => void run(unlock)}>
          {(trigger) => (
            <Button size="sm" variant="outline-primary" className="py-0" aria-label={text.unlockOf(name)} {...trigger}>
              {text.unlock}
            </Button>
          )}
        </ConfirmPopover>
      ) : null}
    </span>
  );
}
