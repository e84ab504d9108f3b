import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import type { InlineErrors } from '@/components/form';
import { manualUploadText as text } from '@/i18n/manual-upload.id';
import './file-drop.css';

export interface FileDropProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** The form's inline error (`useInlineErrors`): on the file input, its message under the chosen file. */
  errors?: InlineErrors<'file'>;
}

/** 'Unggah File': drop a file or click to choose one; the chosen name with a clear button. */
export function FileDrop({ file, onChange, disabled, errors }: FileDropProps) {
  const generatedId = useId();
  const invalid = errors?.control('file');
  const id = invalid?.id ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  // Cleared from outside (after an upload): the input forgets its file too, so the same file can be chosen again.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };

  const clear = () => {
    onChange(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <label
        htmlFor={id}
        className={['file-drop', over ? 'file-drop-over' : '', disabled ? 'file-drop-disabled' : ''].join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop"
      >
        <i className="bi bi-cloud-arrow-up fs-2 d-block mb-1" aria-hidden="true" />
        <span>{text.file.drop}</span>
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          accept={text.file.accept}
          aria-label={text.file.input}
          disabled={disabled}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          aria-invalid={invalid?.['aria-invalid'] || undefined}
          aria-describedby={invalid?.['aria-describedby']}
        />
      </label>
      {file && (
        <div className="d-flex align-items-center gap-2 mt-2 small" aria-label={text.file.chosen}>
          <i className="bi bi-file-earmark-excel text-success" aria-hidden="true" />
          <span className="text-break" data-testid="chosen-file">
            {file.name}
          </span>
          <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={clear} disabled={disabled} aria-label={text.file.clear}>
            <i className="bi bi-x-lg" aria-hidden="true" />
          </Button>
        </div>
      )}
      {errors?.message('file')}
    </div>
  );
}
