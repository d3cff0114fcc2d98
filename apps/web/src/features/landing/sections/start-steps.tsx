import { SECTION_IDS, START_HEADING, START_LEAD, START_STEPS } from '../content';
import { Static } from '../static-markup';
import { SectionHeading } from './section-heading';

/** Spec §2 item 5: leave a request, integration, sales growth. */
export function StartSteps() {
  return (
    <Static
      as="section"
      name="start"
      id={SECTION_IDS.start}
      aria-labelledby="start-title"
      data-deferred=""
      className="scroll-mt-16 bg-white py-16 sm:py-24 [contain-intrinsic-size:auto_1000px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-[1120px] px-4 sm:px-6">
        <SectionHeading id="start-title" eyebrow="Подключение" title={START_HEADING} lead={START_LEAD} />
        <ol className="mt-12 grid gap-4 md:grid-cols-3 md:gap-6">
          {START_STEPS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-6"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white tabular-nums">
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Static>
  );
}
