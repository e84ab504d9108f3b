/**
 * The cockpit's keys (keyboard-first approval): what a keydown asks for, decided apart from the DOM
 * so it is tested on its own. The page acts on the answer (`useCockpitKeys`).
 */

export type CockpitAction =
  | 'next'
  | 'previous'
  | 'open'
  | 'approve'
  | 'reject'
  | 'toggle'
  | 'approveSelected'
  | 'undo'
  | 'help';

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Something (the row itself, a button) already handled the key. */
  defaultPrevented: boolean;
  /** The element the key went to: typing in it is never a shortcut. */
  target: { tagName?: string; isContentEditable?: boolean; type?: string; closest?: (selector: string) => unknown };
  /** A dialog (detail, confirm, help) is open: its own keys apply, not the queue's. */
  modalOpen: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether the key goes into a field being typed in (inputs, text areas, selects, editable text). */
export function isTyping(target: KeyInput['target']): boolean {
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (!TYPING_TAGS.has(tag)) return false;
  // A checkbox or radio takes no text: the queue's keys still work from a row's checkbox.
  return !(tag === 'INPUT' && (target.type === 'checkbox' || target.type === 'radio'));
}

/** The action a keydown asks for on the queue, or null (typing, a dialog open, a modified key, a key of its own). */
export function cockpitKeyAction(input: KeyInput): CockpitAction | null {
  if (input.defaultPrevented || input.modalOpen || input.ctrlKey || input.metaKey || input.altKey) return null;
  if (isTyping(input.target)) return null;
  switch (input.key) {
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    case 'Enter':
      return input.target.closest?.('tr[data-row-key]') ? 'open' : null;
    case 'a':
      return 'approve';
    case 'A':
      return input.shiftKey ? 'approveSelected' : 'approve';
    case 'r':
      return 'reject';
    case 'x':
      return 'toggle';
    case 'u':
      return 'undo';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** The row index a move lands on: the first row when none is current, held at both ends. */
export function moveIndex(current: number, count: number, action: 'next' | 'previous'): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return action === 'next' ? 0 : count - 1;
  return action === 'next' ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}

/** After the current row left (decided here or elsewhere): the row now at its place, else the last one. */
export function indexAfterRemoval(previousIndex: number, count: number): number {
  if (count === 0) return -1;
  return Math.min(Math.max(previousIndex, 0), count - 1);
}
