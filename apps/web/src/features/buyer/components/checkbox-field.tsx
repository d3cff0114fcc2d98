import type { ReactNode } from 'react';
import { cn } from '../../../shared/lib/cn';

export interface CheckboxFieldProps {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
}

/** A consent checkbox: a 20 px box in a 44 px row, its label beside it, the error under it. */
export function CheckboxField({ id, name, checked, onChange, children, error }: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <span className="flex shrink-0 pt-0.5">
          <input
            id={id}
            name={name}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            aria-required="true"
            className={cn(
              'size-5 cursor-pointer rounded accent-brand-700',
              error && 'outline-2 outline-offset-1 outline-red-600',
            )}
          />
        </span>
        <label htmlFor={id} className="cursor-pointer text-[15px] leading-6 text-slate-700">
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="pl-8 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
