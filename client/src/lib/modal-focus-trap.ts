/*
 * Tab and Shift+Tab cycle inside the open modal dialog (WCAG 2.4.3; the ARIA dialog pattern).
 * react-bootstrap's `enforceFocus` only pulls focus back when it lands on another element of the page:
 * a Tab past the dialog's last control leaves the document for the browser's toolbar, and the next
 * Tab starts over at the page behind. One document listener covers every modal, offcanvas drawer and
 * popup with aria-modal="true" (the topmost, last in the DOM, when they stack).
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The controls Tab visits in `container`, in order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert], fieldset:disabled') && visible(element),
  );
}

function topmostModal(): HTMLElement | null {
  const open = [...document.querySelectorAll<HTMLElement>('[aria-modal="true"]')].filter(visible);
  return open.at(-1) ?? null;
}

/** The element Tab (or Shift+Tab) should move to from `active`, or null to let the browser move. */
export function wrappedTarget(modal: HTMLElement, active: Element | null, backwards: boolean): HTMLElement | null {
  const stops = tabbables(modal);
  if (stops.length === 0) return modal;
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!active || !modal.contains(active)) return backwards ? last : first;
  if (!backwards && active === last) return first;
  if (backwards && (active === first || active === modal)) return last;
  return null;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const modal = topmostModal();
  if (!modal) return;
  const target = wrappedTarget(modal, document.activeElement, event.shiftKey);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

let installed = false;

/** Installs the listener once (main.tsx). */
export function installModalFocusTrap(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('keydown', onKeyDown);
}
