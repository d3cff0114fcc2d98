import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The content column: about 1120 px wide on desktop, 16 px side padding on phones. */
export function PageContainer({
  children,
  className,
  narrow = false,
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full px-4 py-6 sm:px-6 sm:py-10',
        narrow ? 'max-w-3xl' : 'max-w-[1120px]',
        className,
      )}
    >
      {children}
    </div>
  );
}
