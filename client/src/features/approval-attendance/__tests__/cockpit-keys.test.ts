import { describe, expect, it } from 'vitest';
import { cockpitKeyAction, indexAfterRemoval, isTyping, moveIndex, type KeyInput } from '../lib/cockpit-keys';

const row = { tagName: 'TR', closest: (selector: string) => (selector === 'tr[data-row-key]' ? {} : null) };

function key(value: string, extra: Partial<KeyInput> = {}): KeyInput {
  return {
    key: value,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    target: row,
    modalOpen: false,
    ...extra,
  };
}

describe('cockpitKeyAction', () => {
  it('maps the cockpit keys on a row', () => {
    expect(
      ['j', 'ArrowDown', 'k', 'ArrowUp', 'Enter', 'a', 'r', 'x', 'u', '?'].map((value) => cockpitKeyAction(key(value))),
    ).toEqual(['next', 'next', 'previous', 'previous', 'open', 'approve', 'reject', 'toggle', 'undo', 'help']);
    expect(cockpitKeyAction(key('A', { shiftKey: true }))).toBe('approveSelected');
    expect(cockpitKeyAction(key('z'))).toBeNull();
  });

  it('ignores keys typed in a field, in a dialog, with a modifier, or already handled', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(cockpitKeyAction(key('a', { target: { tagName, type: 'text' } }))).toBeNull();
    }
    expect(cockpitKeyAction(key('j', { target: { tagName: 'DIV', isContentEditable: true } }))).toBeNull();
    expect(cockpitKeyAction(key('a', { modalOpen: true }))).toBeNull();
    expect(cockpitKeyAction(key('a', { ctrlKey: true }))).toBeNull();
    expect(cockpitKeyAction(key('a', { metaKey: true }))).toBeNull();
    expect(cockpitKeyAction(key('A', { shiftKey: true, altKey: true }))).toBeNull();
    // Enter on a row the table already opened.
    expect(cockpitKeyAction(key('Enter', { defaultPrevented: true }))).toBeNull();
  });

  it('still works from a row checkbox, and Enter only opens from a row', () => {
    expect(isTyping({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(cockpitKeyAction(key('x', { target: { tagName: 'INPUT', type: 'checkbox' } }))).toBe('toggle');
    expect(cockpitKeyAction(key('Enter', { target: { tagName: 'BUTTON', closest: () => null } }))).toBeNull();
  });
});

describe('moving the focused row', () => {
  it('starts at the first (or last) row and holds at both ends', () => {
    expect(moveIndex(-1, 5, 'next')).toBe(0);
    expect(moveIndex(-1, 5, 'previous')).toBe(4);
    expect(moveIndex(2, 5, 'next')).toBe(3);
    expect(moveIndex(4, 5, 'next')).toBe(4);
    expect(moveIndex(0, 5, 'previous')).toBe(0);
    expect(moveIndex(0, 0, 'next')).toBe(-1);
  });

  it('after a decision lands on the row that took the decided one’s place, or the new last row', () => {
    expect(indexAfterRemoval(2, 4)).toBe(2);
    expect(indexAfterRemoval(4, 4)).toBe(3);
    expect(indexAfterRemoval(0, 0)).toBe(-1);
  });
});
