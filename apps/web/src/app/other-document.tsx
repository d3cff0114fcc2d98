import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { AppLoading } from './root-layout';

/**
 * In the buyer entry (buyer-main.tsx), an address outside /client/… (the logo's link to the landing,
 * say) belongs to another document: the server sends the landing or the app's shell for it, so the
 * page is loaded from the server instead of being routed here. (The server sends the buyer's document
 * only for /client/…, so this never reloads the address it was loaded for.)
 */
export function OtherDocument() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <AppLoading />;
}
