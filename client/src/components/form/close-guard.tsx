import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import { id as t } from '@/i18n/id';

/**
 * A filled form asks before it is thrown away (DESIGN §18): a `GuardedModal` knows whether a form of
 * the kit inside it holds unsaved input (`Form` reports it), and Esc, a click outside, the X and every
 * `GuardedCancelButton` first ask 'Tutup form? Isian yang belum disimpan akan hilang.' with
 * 'Lanjut mengisi' (the default, focus back where it was) and 'Buang isian'. An untouched form
 * closes at once.
 */

interface CloseGuard {
  /** A form of the modal says whether it holds unsaved input. */
  report: (key: symbol, dirty: boolean) => void;
  /** Runs `action` (closing, cancelling an edit) at once, or after the user agreed to lose the input. */
  request: (action: () => void) => void;
}

const CloseGuardContext = createContext<CloseGuard | null>(null);

/** Called by `Form`: its dirty state reaches the surrounding GuardedModal (if any). */
export function useReportUnsaved(dirty: boolean): void {
  const guard = useContext(CloseGuardContext);
  const key = useRef(Symbol('form'));
  useEffect(() => {
    if (!guard) return;
    const current = key.current;
    guard.report(current, dirty);
    return () => guard.report(current, false);
  }, [guard, dirty]);
}

/** `action` through the surrounding GuardedModal's question (directly outside one). */
export function useGuardedAction(): (action: () => void) => void {
  const guard = useContext(CloseGuardContext);
  return useCallback((action: () => void) => (guard ? guard.request(action) : action()), [guard]);
}

/** A Batal / Tutup button that asks first when the form holds unsaved input. */
export function GuardedCancelButton({ onCancel, ...props }: Omit<ButtonProps, 'onClick'> & { onCancel: () => void }) {
  const guarded = useGuardedAction();
  return <Button variant="outline-secondary" {...props} onClick={() => guarded(onCancel)} />;
}

export type GuardedModalProps = Omit<ModalProps, 'onHide'> & { onHide: () => void; children: ReactNode };

/** react-bootstrap's Modal whose closing asks first while a form inside holds unsaved input. */
export function GuardedModal({ onHide, children, show, ...props }: GuardedModalProps) {
  const dirty = useRef(new Set<symbol>());
  const [pending, setPending] = useState<{ action: () => void; returnFocus: HTMLElement | null } | null>(null);

  useEffect(() => {
    if (!show) {
      dirty.current.clear();
      setPending(null);
    }
  }, [show]);

  const guard = useMemo<CloseGuard>(
    () => ({
      report: (key, isDirty) => {
        if (isDirty) dirty.current.add(key);
        else dirty.current.delete(key);
      },
      request: (action) => {
        if (dirty.current.size === 0) {
          action();
          return;
        }
        const active = document.activeElement;
        setPending({ action, returnFocus: active instanceof HTMLElement ? active : null });
      },
    }),
    [],
  );

  const keep = () => {
    const target = pending?.returnFocus;
    setPending(null);
    if (target?.isConnected) requestAnimationFrame(() => target.focus());
  };
  const discard = () => {
    const action = pending?.action;
    setPending(null);
    action?.();
  };

  return (
    <Modal
      {...props}
      show={show}
      onHide={() => (pending ? keep() : guard.request(onHide))}
    >
      <CloseGuardContext.Provider value={guard}>
        {/* The form stays as typed behind the question, out of reach of Tab until it is answered. */}
        <div className="form-discard-scope" inert={pending ? true : undefined}>
          {children}
        </div>
      </CloseGuardContext.Provider>
      {pending ? <DiscardQuestion onKeep={keep} onDiscard={discard} /> : null}
    </Modal>
  );
}

function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const titleId = useId();
  const textId = useId();
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => keepButton.current?.focus(), []);
  return (
    <div className="form-discard-layer">
      <div className="form-discard card shadow border-0" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <div className="card-body">
          <h3 className="h6 mb-2" id={titleId}>
            {t.form.discardTitle}
          </h3>
          <p className="mb-3" id={textId}>
            {t.form.discardText}
          </p>
          <div className="d-flex gap-2 justify-content-end flex-wrap">
            <Button variant="outline-danger" onClick={onDiscard}>
              {t.form.discard}
            </Button>
            <Button ref={keepButton} variant="primary" onClick={onKeep}>
              {t.form.keepEditing}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
