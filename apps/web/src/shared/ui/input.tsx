import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Visually hide the label (it stays for screen readers), for dense table-like rows. */
  hideLabel?: boolean;
  error?: string | null;
  hint?: ReactNode;
  /** Text or an icon shown inside the field on the right, e.g. '₽'. */
  suffix?: ReactNode;
  prefixIcon?: ReactNode;
  containerClassName?: string;
  labelClassName?: string;
}

export const controlClass =
  'block w-full min-h-11 rounded-[var(--radius-control)] border bg-white px-3 text-[15px] text-slate-900 ' +
  'placeholder:text-slate-500 transition-colors duration-150 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 disabled:text-slate-600';

export function Input({
  label,
  hideLabel = false,
  error,
  hint,
  suffix,
  prefixIcon,
  id,
  className,
  containerClassName,
  labelClassName,
  ...props
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
      <label
        htmlFor={inputId}
        className={cn(hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-700', labelClassName)}
      >
        {label}
      </label>
      <div className="relative">
        {prefixIcon && (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            {prefixIcon}
          </span>
        )}
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            controlClass,
            error
              ? 'border-red-600 focus:border-red-600'
              : 'border-slate-300 hover:border-slate-400 focus:border-brand-600',
            prefixIcon ? 'pl-10' : undefined,
            suffix ? 'pr-9' : undefined,
            className,
          )}
          {...props}
        />
        {suffix && (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600">
            {suffix}
          </span>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password field: no spell-checking (the browser would send what is typed to its dictionary). */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  return <Input type="password" spellCheck={false} {...props} />;
}
