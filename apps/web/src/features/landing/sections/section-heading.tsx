import type { ReactNode } from 'react';

/** The heading block every landing section starts with. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2
        id={id}
        className="mt-2 text-[26px] leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-base leading-relaxed text-slate-700 sm:text-lg">{lead}</p>}
    </div>
  );
}
