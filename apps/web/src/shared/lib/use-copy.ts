import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard';

/** Spec §9: a copy confirmation lasts 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;

/** copy(text) and a `copied` flag that is true for 2 s after a successful copy. */
export function useCopy(durationMs = COPY_CONFIRMATION_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      if (!ok) return false;
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), durationMs);
      return true;
    },
    [durationMs],
  );
  return { copied, copy };
}
