import { Alert } from '../../shared/ui/alert';
import { CopyableValue } from '../../shared/ui/copyable-value';

/** A key shown in full with its copy button; the secret one carries the warning that it is shown once. */
export function KeyReveal({ label, value, once }: { label: string; value: string; once: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <CopyableValue value={value} />
      {once && (
        <Alert tone="warning">
          Сохраните секретный ключ сейчас: больше мы его не покажем. Он нужен серверу вашего магазина для
          вызовов API; храните его как пароль. Если ключ потеряется, выпустите новый в настройках магазина.
        </Alert>
      )}
    </div>
  );
}
