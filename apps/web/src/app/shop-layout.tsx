import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ShopAccessProvider, useShopGateState } from '../features/shop/access/shop-access-provider';
import { ShopKeyGate } from '../features/shop/access/shop-key-gate';
import { LiveEventsProvider } from '../features/shop/live/live-events';
import { ModeBadge } from '../features/shop/shared/mode/mode-badge';
import { TestModeBand } from '../features/shop/shared/mode/test-mode-band';
import { useShopLivemode } from '../features/shop/shared/mode/use-shop-livemode';
import { shopPaths, useCurrentShopId } from '../features/shop/shared/shop-id';
import { type ShopAccess, useLinkedShopId, useShopAccess } from '../shared/auth/shop-access';
import { useModeSwitchReset } from '../shared/auth/use-shop-mode';
import { cn } from '../shared/lib/cn';
import { CloseIcon, MenuIcon } from '../shared/ui/icons';
import { Logo } from '../shared/ui/logo';
import { SiteFooter } from '../shared/ui/site-footer';
import { SessionBar } from './session-bar';

/** The sections the shop area offers to this key or member: a role sees only what it may use. */
function navItems(shopId: string, access: ShopAccess) {
  const items = [
    { to: shopPaths.home(shopId), label: 'Главная', end: true, shown: true },
    { to: shopPaths.orders(shopId), label: 'Все заказы', end: false, shown: true },
    { to: shopPaths.newOrder(shopId), label: 'Создать QR', end: false, shown: access.can('orders.write') },
    { to: shopPaths.stats(shopId), label: 'Статистика', end: false, shown: true },
    {
      to: shopPaths.settings(shopId),
      label: 'Настройки',
      end: false,
      shown: access.can('keys.manage') || access.can('integration.manage'),
    },
    // The team lives in the cabinet: only a logged-in member has one to show.
    { to: shopPaths.team(shopId), label: 'Команда', end: false, shown: access.user !== null },
    { to: shopPaths.faq(shopId), label: 'FAQ', end: false, shown: true },
    { to: shopPaths.support(shopId), label: 'Поддержка', end: false, shown: true },
  ];
  return items.filter((item) => item.shown);
}

/**
 * Shop area frame (spec §2): logo to the shop home, the links (a menu on phones), footer; and the
 * shop's one live event stream for every page inside. Test and live (DESIGN §16): on a session the
 * session bar has the mode switch, on a key a badge names the key's mode; in test mode a band
 * heads every page.
 */
export default function ShopLayout() {
  const shopId = useCurrentShopId();
  return (
    <ShopAccessProvider shopId={shopId}>
      <ShopFrame shopId={shopId} />
    </ShopAccessProvider>
  );
}

function ShopFrame({ shopId: current }: { shopId: string | undefined }) {
  const shopId = useLinkedShopId(current);
  const access = useShopAccess();
  const gate = useShopGateState();
  const livemode = useShopLivemode();
  const onSession = access.user !== null;
  // A switch drops the cached data before anything renders again, and the pages and the live stream
  // below start anew in the new mode (their key changes): nothing of the other mode stays on screen.
  const modeSwitches = useModeSwitchReset(onSession);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Esc closes the phone menu, as a disclosure should, and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const items = shopId ? navItems(shopId, access) : [];
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-[15px] font-medium transition-colors duration-150',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-[1120px] items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link
              to={shopId ? shopPaths.home(shopId) : '/'}
              className="rounded-md"
              aria-label="B2BPay — главная магазина"
            >
              <Logo />
            </Link>
            {!onSession && livemode !== undefined && <ModeBadge livemode={livemode} />}
          </div>
          {items.length > 0 && (
            <>
              <nav aria-label="Разделы магазина" className="hidden lg:block">
                <ul className="flex items-center gap-1">
                  {items.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} end={item.end} className={linkClass}>
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <button
                ref={menuButton}
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-[var(--radius-control)] text-slate-700 hover:bg-slate-100 lg:hidden"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                aria-label={menuOpen ? 'Закрыть меню' : 'Открыть меню'}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
              </button>
            </>
          )}
        </div>
        {access.user ? (
          <SessionBar user={access.user} />
        ) : (
          gate.kind === 'pending' && gate.askingSession && <SessionBar user={null} />
        )}
        {items.length > 0 && menuOpen && (
          <nav
            id={menuId}
            aria-label="Меню магазина"
            className="border-t border-slate-200 bg-white lg:hidden"
          >
            <ul className="flex flex-col gap-1 px-4 py-3">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={linkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main className="flex-1">
        {livemode === false && <TestModeBand />}
        <ShopKeyGate>
          <LiveEventsProvider key={modeSwitches}>
            <Outlet />
          </LiveEventsProvider>
        </ShopKeyGate>
      </main>
      <SiteFooter />
    </div>
  );
}
