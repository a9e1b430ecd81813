import type { ButtonHTMLAttributes, ReactNode } from 'react';
import css from './phone.module.css';

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** This button's action among the page's. */
  action: string;
  /** The page's action under way (null: none): every button waits while one runs. */
  busy: string | null;
  label: ReactNode;
  /** Shown instead of the label while this button's own action runs. */
  busyLabel: ReactNode;
}

/**
 * A phone page's action button (bind, submit…): disabled while any of the page's actions runs (and
 * when `disabled`), saying what it does meanwhile while its own runs. A phone page's big button
 * unless `className` names another.
 */
export function BusyButton({
  action,
  busy,
  label,
  busyLabel,
  disabled,
  className,
  ...rest
}: BusyButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      className={className ?? css.bigButton}
      disabled={busy !== null || disabled}
      aria-busy={busy === action}
    >
      {busy === action ? busyLabel : label}
    </button>
  );
}
