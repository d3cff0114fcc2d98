import type { ReactNode } from 'react';
import { ApiError, NetworkError, serverMessage } from '../../shared/api/http';
import { Input, type InputProps } from '../../shared/ui/input';
import { PageContainer } from '../../shared/ui/page-container';
import { CABINET_TEXTS } from './cabinet-form';

/** A cabinet page: one narrow card with the page's heading. */
export function CabinetCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <PageContainer narrow={!wide}>
      <section
        aria-labelledby="cabinet-title"
        className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-8"
      >
        <h1 id="cabinet-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {children}
      </section>
    </PageContainer>
  );
}

export function PasswordInput(props: Omit<InputProps, 'type'>) {
  return <Input type="password" spellCheck={false} {...props} />;
}

function retryText(headers: Headers): string | null {
  const seconds = Number(headers.get('Retry-After'));
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `Попробуйте через ${seconds} с.` : `Попробуйте через ${minutes} мин.`;
}

/** What a failed cabinet call says above the form: the server's words, and when to try again after 429. */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return CABINET_TEXTS.network;
  const message = serverMessage(error) ?? CABINET_TEXTS.failed;
  if (error instanceof ApiError && error.status === 429) {
    const retry = retryText(error.headers);
    return retry ? `${message} ${retry}` : message;
  }
  return message;
}
