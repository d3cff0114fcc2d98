import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';

/** A page outside the shop area: the logo header, the content and the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-[1120px] items-center px-4 sm:px-6">
          <Link to="/" aria-label="B2BPay — на главную" className="rounded-md">
            <Logo />
          </Link>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
