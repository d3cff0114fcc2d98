import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '../../shared/lib/cn';
import { CloseIcon, MenuIcon } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/logo';
import { PageContainer } from '../../shared/ui/page-container';
import { LoadingState } from '../../shared/ui/spinner';
import { type AdminSection, sectionsFor } from './admin-nav';
import { QueryFailure } from './admin-ui';
import { StaffBar } from './staff-bar';
import { StaffContext, useStaffMe } from './staff-session';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-[15px] font-medium transition-colors duration-150',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function SectionLinks({ sections }: { sections: readonly AdminSection[] }) {
  return sections.map((section) => (
    <li key={section.to}>
      <NavLink to={section.to} className={linkClass}>
        {section.label}
      </NavLink>
    </li>
  ));
}

/**
 * The back office's frame (DESIGN §14): only for a logged-in staff user (others go to the log-in page
 * and come back after it); the sections the role may use, a menu on phones; who is logged in.
 */
export default function AdminLayout() {
  const me = useStaffMe();
  const location = useLocation();

  if (me.isPending) return <LoadingState text="Загрузка..." fillScreen />;
  if (me.isError) {
    return (
      <PageContainer narrow>
        <QueryFailure error={me.error} />
      </PageContainer>
    );
  }
  if (me.data === null) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/admin/login?next=${next}`} replace />;
  }
  return (
    <StaffContext.Provider value={me.data.user}>
      <AdminFrame sections={sectionsFor(me.data.user.role)}>
        <StaffBar email={me.data.user.email} role={me.data.user.role} />
      </AdminFrame>
    </StaffContext.Provider>
  );
}

function AdminFrame({ sections, children }: { sections: readonly AdminSection[]; children: ReactNode }) {
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

  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-[1120px] items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 rounded-md">
            <Logo />
            <span className="text-sm font-medium text-slate-600">бэк-офис</span>
          </Link>
          <nav aria-label="Разделы бэк-офиса" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              <SectionLinks sections={sections} />
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
        </div>
        {children}
        {menuOpen && (
          <nav
            id={menuId}
            aria-label="Меню бэк-офиса"
            className="border-t border-slate-200 bg-white lg:hidden"
          >
            <ul className="flex flex-col gap-1 px-4 py-3">
              <SectionLinks sections={sections} />
            </ul>
          </nav>
        )}
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
