import { Link } from 'react-router';
import { ModeSwitch } from '../features/shop/shared/mode/mode-switch';
import type { CabinetUser } from '../shared/api/cabinet-api';
import { useLogout } from '../shared/auth/use-logout';
import { cn } from '../shared/lib/cn';
import { Button } from '../shared/ui/button';

/** What the reserved bar says, unseen: its line is as tall as the real one's. */
const STAND_IN_EMAIL = 'manager@company-name.ru';

/**
 * On a session the shop area says who is logged in, offers the «Тестовый режим» switch, links the
 * cabinet and offers «Выйти». `user` null: the server is still being asked who is logged in, and the
 * bar's place is kept (invisible, out of the accessibility tree and the tab order), so the page below
 * does not jump down when the answer comes (a layout shift Lighthouse counted on every session page).
 */
export function SessionBar({ user }: { user: CabinetUser | null }) {
  const logout = useLogout();
  return (
    <div
      className={cn('border-t border-slate-100 bg-slate-50', !user && 'invisible')}
      aria-hidden={user ? undefined : true}
      inert={user ? undefined : true}
      data-testid={user ? undefined : 'session-bar-reserved'}
    >
      <div className="mx-auto flex max-w-[1120px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1 text-sm sm:px-6">
        {/* One line whatever the address's length (cut with «…», whole in the tooltip): the bar's
            height does not depend on it, so its reserved place fits. */}
        <p
          className="min-w-0 max-w-full truncate text-slate-700"
          data-testid="session-user"
          title={user?.email}
        >
          Вы вошли как <span className="font-medium text-slate-900">{user?.email ?? STAND_IN_EMAIL}</span>
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
