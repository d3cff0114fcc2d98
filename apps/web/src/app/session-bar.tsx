import { Link } from 'react-router';
import { ModeSwitch } from '../features/shop/shared/mode/mode-switch';
import type { CabinetUser } from '../shared/api/cabinet-api';
import { useLogout } from '../shared/auth/use-logout';
import { Button } from '../shared/ui/button';

/**
 * On a session the shop area says who is logged in, offers the «Тестовый режим» switch, links the
 * cabinet and offers «Выйти».
 */
export function SessionBar({ user }: { user: CabinetUser }) {
  const logout = useLogout();
  return (
    <div className="border-t border-slate-100 bg-slate-50">
      <div className="mx-auto flex max-w-[1120px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1 text-sm sm:px-6">
        <p className="min-w-0 break-all text-slate-700" data-testid="session-user">
          Вы вошли как <span className="font-medium text-slate-900">{user.email}</span>
        </p>
        <div className="flex flex-wrap items-center gap-1">
          <ModeSwitch />
          <Link
            to="/cabinet"
            className="flex min-h-11 items-center rounded-[var(--radius-control)] px-3 font-medium text-brand-700 hover:bg-slate-100"
          >
            Личный кабинет
          </Link>
          <Button
            variant="ghost"
            loading={logout.isPending}
            loadingText="Выход..."
            onClick={() => logout.mutate()}
          >
            Выйти
          </Button>
        </div>
      </div>
      {logout.isError && (
        <p role="alert" className="mx-auto max-w-[1120px] px-4 pb-2 text-sm text-red-700 sm:px-6">
          Не удалось выйти. Проверьте соединение и попробуйте ещё раз.
        </p>
      )}
    </div>
  );
}
