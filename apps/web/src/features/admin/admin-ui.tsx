import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, NetworkError, serverMessage } from '../../shared/api/http';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { ADMIN_TEXTS } from './admin-texts';

/** The page's title, and no search engine ever lists a back-office page. */
export function useAdminMeta(title: string): void {
  usePageMeta({ title });
  // Runs after usePageMeta's effect (same component, declared later), which sets 'index, follow'.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied each time usePageMeta's effect runs (on the title)
  useEffect(() => {
    document.head
      .querySelector<HTMLMetaElement>('meta[name="robots"]')
      ?.setAttribute('content', 'noindex, nofollow');
  }, [title]);
}

/** A back-office page: the content column with the page's h1 (and a back link, actions). */
export function AdminPage({
  title,
  subtitle,
  backTo,
  backLabel,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} backLabel={backLabel} actions={actions} />
      {children}
    </PageContainer>
  );
}

/** What a failed back-office call says: the server's words, or ours for the network and the unknown. */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return ADMIN_TEXTS.network;
  return serverMessage(error) ?? ADMIN_TEXTS.failed;
}

export const linkClass = 'font-medium text-brand-700 underline underline-offset-4';

/**
 * A data view that did not load: an ended session offers the log-in page (and back here after it), a
 * role without the permission is told so, anything else shows the server's words.
 */
export function QueryFailure({ error }: { error: unknown }) {
  const location = useLocation();
  if (error instanceof ApiError && error.status === 401) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Alert tone="error">
        {ADMIN_TEXTS.sessionRequired}.{' '}
        <Link to={`/admin/login?next=${next}`} className="font-medium underline underline-offset-4">
          Войти
        </Link>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    return <EmptyState title={ADMIN_TEXTS.forbidden} />;
  }
  return <Alert tone="error">{failureText(error)}</Alert>;
}
