import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * After a step change inside the buyer flow (a navigation in the page, not the document's first
 * load), the focus goes to the new step's heading, so keyboard and screen-reader users start at the
 * top of the new step instead of on the page body. The heading needs tabIndex={-1}.
 */
export function useArrivalFocus(heading: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  useEffect(() => {
    // React Router gives the document's first entry the key "default".
    if (key !== 'default') heading.current?.focus({ preventScroll: false });
  }, [key, heading]);
}
