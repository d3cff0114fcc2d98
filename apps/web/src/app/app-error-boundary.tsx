import { Component, type ErrorInfo, type ReactNode } from 'react';
import { captureError } from '../shared/monitoring/error-reporting';
import { Button } from '../shared/ui/button';
import { AlertIcon, RefreshIcon } from '../shared/ui/icons';

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ? `${error.message}\n\n${error.stack}` : error.message;
  try {
    return typeof error === 'string' ? error : JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** The app-crash screen of spec §8 (1). */
export function AppCrashFallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-lg rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 sm:p-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <AlertIcon size={24} />
        </div>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">Что-то пошло не так</h1>
        <p className="mt-2 text-slate-600">
          В приложении произошла ошибка. Мы уже получили уведомление и разбираемся.
        </p>
        <details className="mt-5 rounded-[var(--radius-control)] border border-slate-200 bg-slate-50">
          <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-800">
            Подробности ошибки
          </summary>
          <pre className="max-h-64 overflow-auto border-t border-slate-200 px-4 py-3 text-xs whitespace-pre-wrap break-words text-slate-700">
            {errorText(error)}
          </pre>
        </details>
        <Button className="mt-6 w-full sm:w-auto" onClick={onReset} icon={<RefreshIcon size={18} />}>
          Попробовать снова
        </Button>
      </div>
    </main>
  );
}

interface Props {
  children: ReactNode;
  /** Called before the boundary clears its error, e.g. to drop the router's error state. */
  onReset?: () => void;
}

/** The outermost boundary: reports with tag errorBoundary=main at level error, then shows the fallback. */
export class AppErrorBoundary extends Component<Props, { error: unknown; hasError: boolean }> {
  override state = { error: null as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    captureError(error, { tags: { errorBoundary: 'main' }, extra: { componentStack: info.componentStack } });
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) return <AppCrashFallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
