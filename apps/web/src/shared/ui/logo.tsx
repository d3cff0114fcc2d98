import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';

/** The B2BPay mark and word. If the image fails it falls back to a letter tile (spec §2). */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // On a pre-rendered page the image may have failed before React listened for onError.
  useEffect(() => {
    const img = image.current;
    if (img && typeof img.decode === 'function') img.decode().catch(() => setImageFailed(true));
  }, []);
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      {imageFailed ? (
        <span
          className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-base font-bold text-white"
          aria-hidden="true"
        >
          B
        </span>
      ) : (
        <img
          ref={image}
          src="/favicon.svg"
          alt=""
          width={32}
          height={32}
          className="size-8"
          onError={() => setImageFailed(true)}
        />
      )}
      {!compact && <span className="text-lg font-semibold tracking-tight text-slate-900">B2BPay</span>}
    </span>
  );
}
