import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { KeyIcon } from '../../../shared/ui/icons';
import { PageContainer } from '../../../shared/ui/page-container';
import { ShopAccessHelp } from './shop-access-help';
import { useShopGateState } from './shop-access-provider';

// Pages of the shop area that work without the shop's key: the documentation (spec §2 uses the demo
// key there), the FAQ and the support contacts. Every other page reads or writes the shop's data.
const OPEN_PAGES = /\/(faq|support|button-demo|api-docs)\/?$/;

export function pageNeedsShopKey(pathname: string): boolean {
  return !OPEN_PAGES.test(pathname);
}

export const NOT_A_MEMBER_TITLE = 'Нет доступа к этому магазину';

/**
 * No key, no dead end: a shop page that needs the key (or a session of one of the shop's team) and
 * has neither says what is missing and how to get in, instead of an area that looks usable and
 * fails on every action; the open pages get a one-line note with a link to the same explanation.
 */
export function ShopKeyGate({ children }: { children: ReactNode }) {
  const state = useShopGateState();
  const { pathname } = useLocation();
  if (state.kind !== 'none') return children;
  if (pageNeedsShopKey(pathname)) {
    return (
      <PageContainer narrow>
        <ShopAccessHelp
          title={state.loggedIn ? NOT_A_MEMBER_TITLE : undefined}
          loggedIn={state.loggedIn}
          returnTo={pathname}
        />
      </PageContainer>
    );
  }
  return (
    <>
      <div className="border-b border-amber-200 bg-amber-50 text-amber-900">
        <p className="mx-auto flex max-w-[1120px] items-center gap-2 px-4 py-2 text-sm sm:px-6">
          <KeyIcon size={16} className="shrink-0" />
          <span>
            Кабинет открыт без ключа магазина.{' '}
            <Link to="/shops" className="font-medium underline underline-offset-4">
              Как войти
            </Link>
          </span>
        </p>
      </div>
      {children}
    </>
  );
}
