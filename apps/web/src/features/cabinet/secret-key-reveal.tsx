import { useCopy } from '../../shared/lib/use-copy';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { CheckIcon, CopyIcon } from '../../shared/ui/icons';

/** A key shown in full with its copy button; the secret one carries the warning that it is shown once. */
export function KeyReveal({ label, value, once }: { label: string; value: string; once: boolean }) {
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="block min-w-0 flex-1 rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-[15px] break-all text-slate-900">
          {value}
        </code>
        <Button
          variant="secondary"
          icon={copied ? <CheckIcon size={18} className="text-green-700" /> : <CopyIcon size={18} />}
          onClick={() => void copy(value)}
          aria-live="polite"
        >
          {copied ? 'Скопировано!' : 'Копировать'}
        </Button>
      </div>
      {once && (
        <Alert tone="warning">
          Сохраните секретный ключ сейчас: больше мы его не покажем. Он нужен серверу вашего магазина для
          вызовов API; храните его как пароль. Если ключ потеряется, выпустите новый в настройках магазина.
        </Alert>
      )}
    </div>
  );
}
