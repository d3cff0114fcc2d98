import { BENEFITS, BENEFITS_HEADING, BENEFITS_LEAD, SECTION_IDS } from '../content';
import { BenefitGlyph } from '../landing-icons';
import { Static } from '../static-markup';
import { SectionHeading } from './section-heading';

/** Spec §2 item 4: four benefit cards ('Узнать подробнее' scrolls here). */
export function Benefits() {
  return (
    <Static
      as="section"
      name="benefits"
      id={SECTION_IDS.benefits}
      aria-labelledby="benefits-title"
      data-deferred=""
      className="scroll-mt-16 bg-white py-16 focus:outline-none sm:py-24 [contain-intrinsic-size:auto_1300px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-[1120px] px-4 sm:px-6">
        <SectionHeading
          id="benefits-title"
          eyebrow="Преимущества"
          title={BENEFITS_HEADING}
          lead={BENEFITS_LEAD}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit.title}
              className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 transition-shadow duration-200 hover:shadow-md hover:shadow-slate-200/60"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <BenefitGlyph icon={benefit.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </Static>
  );
}
