import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { id as t } from '@/i18n/id';

export const CODE_LENGTH = 6;

export function normalizeCode(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  legend: string;
  error?: string;
  length?: number;
  disabled?: boolean;
}

/**
 * One character per box. The value is always contiguous from the first box, so box k is enabled
 * only once box k-1 is filled; typing moves forward, Backspace/Delete clears and moves back,
 * a paste fills every box.
 */
export function CodeInput({ value, onChange, legend, error, length = CODE_LENGTH, disabled }: CodeInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const code = normalizeCode(value).slice(0, length);

  // The box to focus may only become enabled on the next render, so focus after rendering.
  const [focusRequest, setFocusRequest] = useState<{ index: number } | null>(null);
  useLayoutEffect(() => {
    if (focusRequest) boxes.current[focusRequest.index]?.focus();
  }, [focusRequest]);

  const focusBox = (index: number) => {
    setFocusRequest({ index: Math.max(0, Math.min(index, length - 1)) });
  };

  const fillFrom = (index: number, chars: string) => {
    const next = (code.slice(0, index) + chars + code.slice(index + chars.length)).slice(0, length);
    onChange(next);
    focusBox(Math.min(index + chars.length, length - 1));
  };

  const handleInput = (index: number, raw: string) => {
    const previous = code[index] ?? '';
    let chars = normalizeCode(raw);
    if (!chars) {
      onChange(code.slice(0, index));
      return;
    }
    // Typing into a filled box whose text was not selected yields old+new: keep the new character.
    if (previous && chars.length === 2 && chars.includes(previous)) {
      chars = chars[0] === previous ? chars.slice(1) : chars.slice(0, 1);
    }
    if (chars.length === 1) {
      onChange((code.slice(0, index) + chars + code.slice(index + 1)).slice(0, length));
      if (index < length - 1) focusBox(index + 1);
      return;
    }
    fillFrom(index, chars);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      if (code.length > index) {
        onChange(code.slice(0, index));
        if (index > 0) focusBox(index - 1);
      } else if (index > 0) {
        onChange(code.slice(0, index - 1));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < code.length && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = normalizeCode(event.clipboardData.getData('text')).slice(0, length);
    if (!pasted) return;
    onChange(pasted);
    focusBox(Math.min(pasted.length, length - 1));
  };

  const clear = () => {
    onChange('');
    focusBox(0);
  };

  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      <div className="d-flex align-items-center gap-2 flex-wrap">
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={`form-control code-box text-center fw-semibold${error ? ' is-invalid' : ''}`}
            aria-label={t.auth.reset.codeBox(index + 1)}
            aria-invalid={Boolean(error)}
            inputMode="text"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoCapitalize="characters"
            spellCheck={false}
            value={code[index] ?? ''}
            disabled={disabled || index > code.length}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => handleInput(index, event.currentTarget.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={handlePaste}
          />
        ))}
        <Button variant="outline-secondary" size="sm" type="button" onClick={clear} disabled={disabled || !code}>
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          {t.auth.reset.clearCode}
        </Button>
      </div>
      {error ? (
        <div className="invalid-feedback d-block" id={errorId}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
