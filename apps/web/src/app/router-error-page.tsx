import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { captureMessage } from '../shared/monitoring/error-reporting';
import { Button } from '../shared/ui/button';
import { AlertIcon, RefreshIcon } from '../shared/ui/icons';

/** The router-error screen of spec §8 (2), used by every route except / and the not-found fallback. */
export function RouterErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    captureMessage('Router Error: Page not found', {
      tags: { errorBoundary: 'router' },
      extra: { url: window.location.href, pathname: window.location.pathname, error: String(error) },
    });
  }, [error]);
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <AlertIcon size={24} />
        </div>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Страница не найдена</h1>
        <p className="mt-2 text-slate-600">
          При загрузке страницы произошла ошибка. Попробуйте перезагрузить её.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()} icon={<RefreshIcon size={18} />}>
          Перезагрузить страницу
        </Button>
      </div>
    </main>
  );
}

/** For routes whose errors belong to the app-crash screen: hand the error to the outer boundary. */
export function RethrowRouteError(): never {
  throw useRouteError();
}
