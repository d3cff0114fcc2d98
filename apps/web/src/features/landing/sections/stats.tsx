import { useEffect, useRef, useState } from 'react';
import { STATS, type StatCounter } from '../content';
import { useCountUp } from '../counter';

function Stat({ stat, running }: { stat: StatCounter; running: boolean }) {
  const value = useCountUp(stat.target, stat.durationMs, running);
  return (
    <div className="flex flex-col-reverse justify-end gap-1 border-slate-200 px-4 py-6 sm:px-6 lg:border-l lg:first:border-l-0">
      <dt className="text-sm leading-snug text-slate-600">{stat.label}</dt>
      <dd className="text-3xl font-bold tracking-tight text-brand-800 tabular-nums sm:text-4xl">
        {/* The ticking figure is for the eye; assistive technology and crawlers get the final one. */}
        <span aria-hidden="true" data-counter={stat.target}>
          {stat.format(value)}
        </span>
        <span className="sr-only">{stat.format(stat.target)}</span>
      </dd>
    </div>
  );
}

/** Spec §2 item 3: the counters start once the strip is scrolled into view. */
export function StatsStrip() {
  const ref = useRef<HTMLElement>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setRunning(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRunning(true);
          observer.disconnect();
        }
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={ref} aria-label="B2BPay в цифрах" className="border-y border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-[1120px] px-4 py-4 sm:px-6">
        <dl className="grid grid-cols-2 divide-slate-200 rounded-[var(--radius-card)] border border-slate-200 bg-white max-lg:[&>*:nth-child(n+3)]:border-t max-lg:[&>*:nth-child(even)]:border-l lg:grid-cols-4">
          {STATS.map((stat) => (
            <Stat key={stat.label} stat={stat} running={running} />
          ))}
        </dl>
      </div>
    </section>
  );
}
