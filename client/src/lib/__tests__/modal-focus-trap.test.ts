import { describe, expect, it } from 'vitest';
import { wrappedTarget } from '../modal-focus-trap';

function modal(): { dialog: HTMLElement; first: HTMLElement; last: HTMLElement; outside: HTMLElement } {
  document.body.innerHTML = `
    <button id="outside">luar</button>
    <div role="dialog" aria-modal="true" tabindex="-1" id="dialog">
      <button id="first">Tutup</button>
      <button disabled>Nonaktif</button>
      <button id="last">Simpan</button>
    </div>`;
  // jsdom lays nothing out: every element counts as shown.
  for (const element of document.querySelectorAll<HTMLElement>('*')) element.getClientRects = () => [{}] as unknown as DOMRectList;
  const get = (id: string) => document.getElementById(id)!;
  return { dialog: get('dialog'), first: get('first'), last: get('last'), outside: get('outside') };
}

describe('modal focus trap', () => {
  it('wraps Tab from the last control to the first and Shift+Tab back', () => {
    const { dialog, first, last } = modal();
    expect(wrappedTarget(dialog, last, false)).toBe(first);
    expect(wrappedTarget(dialog, first, true)).toBe(last);
    expect(wrappedTarget(dialog, dialog, true)).toBe(last);
  });

  it('lets the browser move inside the dialog', () => {
    const { dialog, first, last } = modal();
    expect(wrappedTarget(dialog, first, false)).toBeNull();
    expect(wrappedTarget(dialog, last, true)).toBeNull();
  });

  it('brings focus that left the dialog back into it', () => {
    const { dialog, first, last, outside } = modal();
    expect(wrappedTarget(dialog, outside, false)).toBe(first);
    expect(wrappedTarget(dialog, document.body, true)).toBe(last);
  });
});
