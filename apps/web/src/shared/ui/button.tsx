import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'destructive';
export type ButtonSize = 'md' | 'sm' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-[var(--radius-control)] font-medium whitespace-nowrap ' +
  'transition-colors duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-600 disabled:cursor-not-allowed';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900 ' +
    'disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 hover:border-slate-400 ' +
    'active:bg-slate-100 disabled:bg-slate-100 disabled:text-slate-600',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200 disabled:text-slate-600',
  // A quiet red for the button that opens a destructive action…
  danger: 'text-red-700 hover:bg-red-50 active:bg-red-100 disabled:text-slate-600',
  // …and the filled red of the button that carries it out, in its confirmation (white on red-700: 6.5:1).
  destructive:
    'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900 ' +
    'disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none',
};

// md and lg keep the 44 px touch target of UI.md; sm is for dense desktop toolbars only.
const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-[15px]',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows a spinner with loadingText (or its children). */
  loading?: boolean;
  loadingText?: ReactNode;
  icon?: ReactNode;
  /**
   * While disabled or loading, stay focusable (aria-disabled, clicks ignored) instead of taking the
   * `disabled` attribute: a button that becomes unavailable right after it was pressed (a code button
   * entering its countdown) keeps the keyboard focus instead of dropping it to the page body.
   */
  keepFocus?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  keepFocus = false,
  onClick,
  ...props
}: ButtonProps) {
  const inactive = Boolean(disabled || loading);
  const softlyInactive = keepFocus && inactive;
  return (
    <button
      type={type}
      className={cn(
        buttonClass(variant, size, className),
        // A loading primary keeps its colour: it is busy, not unavailable.
        loading && variant === 'primary' && 'disabled:bg-brand-700 disabled:text-white disabled:cursor-wait',
        loading &&
          variant === 'destructive' &&
          'disabled:bg-red-700 disabled:text-white disabled:cursor-wait',
        // The disabled look for a button that keeps its focus (the `disabled:` styles need the attribute).
        softlyInactive &&
          'cursor-not-allowed border-slate-300 bg-slate-100 text-slate-600 hover:bg-slate-100',
      )}
      disabled={softlyInactive ? undefined : inactive}
      aria-disabled={softlyInactive || undefined}
      aria-busy={loading || undefined}
      onClick={softlyInactive ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? <Spinner size={18} /> : icon}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}
