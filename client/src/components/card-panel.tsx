import type { HTMLAttributes, ReactNode } from 'react';

export interface CardPanelProps extends Omit<HTMLAttributes<HTMLElement>, 'className' | 'children'> {
  /** The element: a plain box, or a section named by aria-label / aria-labelledby. */
  as?: 'div' | 'section';
  /** Classes added to the card (its margin or height). */
  className?: string;
  children: ReactNode;
}

/** The back-office's white card (no border, a light shadow) with its padded body. */
export function CardPanel({ as: Element = 'div', className, children, ...rest }: CardPanelProps) {
  return (
    <Element className={className ? `card border-0 shadow-sm ${className}` : 'card border-0 shadow-sm'} {...rest}>
      <div className="card-body">{children}</div>
    </Element>
  );
}
