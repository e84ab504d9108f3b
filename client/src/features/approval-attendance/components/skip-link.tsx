import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import './skip-link.css';

/**
 * A skip link that is the first stop of the whole screen (before the shell's header and menu): it is
 * rendered at the very start of the document while the page is shown, hidden until focused.
 */
export function SkipLink({ target, label, onSkip }: { target: string; label: string; onSkip: () => void }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    document.body.prepend(element);
    setHost(element);
    return () => element.remove();
  }, []);
  if (!host) return null;
  return createPortal(
    <a
      href={`#${target}`}
      className="visually-hidden-focusable btn btn-primary btn-sm page-skip-link"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
    >
      {label}
    </a>,
    host,
  );
}
