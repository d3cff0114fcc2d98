import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { AlertIcon, CheckCircleIcon } from './icons';

export interface AlertProps {
  tone: 'error' | 'success' | 'warning' | 'info';
  children: ReactNode;
  className?: string;
}

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
};

/** A tinted message box: red for failures, green for confirmations. Errors are announced at once. */
export function Alert({ tone, children, className }: AlertProps) {
  const Icon = tone === 'success' ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-[var(--radius-control)] border px-4 py-3 text-[15px]',
        tones[tone],
        className,
      )}
    >
      <Icon className="mt-0.5 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
