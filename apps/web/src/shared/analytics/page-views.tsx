import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../monitoring/error-reporting';
import { metrika } from './metrika';

/** Reports every page view of the single-page app (rendered once, inside the router). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    metrika.hit(pathname);
    trackPageView(pathname);
  }, [pathname]);
  return null;
}
