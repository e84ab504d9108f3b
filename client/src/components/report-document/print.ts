import { useEffect } from 'react';
import './print.css';

/** Print with the document title set to the export's file name (the browser's default PDF name). */
export function printWithTitle(title: string): void {
  const previous = document.title;
  document.title = title;
  try {
    window.print();
  } finally {
    document.title = previous;
  }
}

/** The shell (header, sidebar) stays off the printed page while the calling screen is open. */
export function usePrintingDocument(): void {
  useEffect(() => {
    document.body.classList.add('printing-document');
    return () => document.body.classList.remove('printing-document');
  }, []);
}
