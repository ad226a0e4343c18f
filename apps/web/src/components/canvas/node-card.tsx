import type { CSSProperties, ReactNode } from 'react';
import classes from './canvas.module.css';

/** How a card's left edge reads: the state of its last run, or nothing. */
export type TCardTone = 'ok' | 'failed' | 'running' | null | undefined;

/**
 * The card every graph editor draws for a node: a left accent in the node kind's colour (a run's
 * state overrides it), an outline when selected, a red frame when the server refused it.
 */
export function NodeCard({
  accent,
  tone,
  selected,
  invalid,
  children,
}: {
  /** a Mantine colour variable, e.g. `var(--mantine-color-violet-6)` */
  accent?: string;
  tone?: TCardTone;
  selected?: boolean;
  invalid?: boolean;
  children: ReactNode;
}) {
  const cls = [
    classes.node,
    tone ? classes[tone] : '',
    selected ? classes.selected : '',
    invalid ? classes.invalid : '',
  ].join(' ');
  return (
    <div className={cls} style={accent ? ({ '--accent': accent } as CSSProperties) : undefined}>
      {children}
    </div>
  );
}

export const canvasClasses = classes;
