import { type TouchEvent, useRef, useState } from 'react';
import { cn } from '../../../shared/lib/cn';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { type CarouselAction, carouselIndex, swipeAction } from '../carousel';
import { SECTION_IDS, TESTIMONIALS, TESTIMONIALS_HEADING } from '../content';
import { QuoteIcon } from '../landing-icons';
import { SectionHeading } from './section-heading';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);

const arrowClass =
  'flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 ' +
  'transition-colors duration-150 hover:border-slate-400 hover:bg-slate-50 active:bg-slate-100';

/** Spec §2 item 6: four testimonials, wrap-around arrows, dots that jump, swipe on touch screens. */
export function Testimonials() {
  const count = TESTIMONIALS.length;
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const move = (action: CarouselAction) => setIndex((current) => carouselIndex(current, count, action));

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const action = swipeAction(touch.clientX - start.x, touch.clientY - start.y);
    if (action) move(action);
  };

  return (
    <section
      id={SECTION_IDS.testimonials}
      aria-labelledby="testimonials-title"
      data-deferred=""
      className="scroll-mt-16 bg-slate-50 py-16 sm:py-24 [contain-intrinsic-size:auto_700px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-[1120px] px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Отзывы" title={TESTIMONIALS_HEADING} />
        <section
          aria-roledescription="карусель"
          aria-label="Отзывы клиентов"
          className="mx-auto mt-12 max-w-3xl"
        >
          <div className="overflow-hidden" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            <div
              aria-live="polite"
              className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${index * 100}%)` }}
            >
              {TESTIMONIALS.map((item, i) => (
                // The WAI-ARIA carousel pattern: each slide is a group with the role description "slide".
                // biome-ignore lint/a11y/useSemanticElements: a slide is not a form's fieldset
                <div
                  key={item.company}
                  role="group"
                  aria-roledescription="слайд"
                  aria-label={`Отзыв ${i + 1} из ${count}`}
                  aria-hidden={i === index ? undefined : true}
                  data-active={i === index}
                  className="w-full shrink-0 px-px"
                >
                  <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
                    <div className="flex items-center justify-between gap-4">
                      <QuoteIcon className="text-brand-200" />
                      <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 tabular-nums">
                        {item.badge}
                      </span>
                    </div>
                    <blockquote className="mt-5 flex-1 text-lg leading-relaxed text-slate-800 sm:text-xl">
                      <p>{item.quote}</p>
                    </blockquote>
                    <figcaption className="mt-8 flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                      >
                        {initials(item.author)}
                      </span>
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900">{item.author}</span>
                        <span className="block text-sm text-slate-600">
                          {item.role}, {item.company}
                        </span>
                      </span>
                    </figcaption>
                  </figure>
                </div>
              ))}
            </div>
          </div>
          <div className="mt-6 flex items-center justify-between gap-4">
            <button
              type="button"
              className={arrowClass}
              aria-label="Предыдущий отзыв"
              onClick={() => move({ type: 'prev' })}
            >
              <ChevronLeftIcon size={20} />
            </button>
            <div className="flex items-center">
              {TESTIMONIALS.map((item, i) => (
                <button
                  key={item.company}
                  type="button"
                  aria-label={`Показать отзыв ${i + 1} из ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => move({ type: 'goto', index: i })}
                  className="group flex size-11 items-center justify-center rounded-full"
                >
                  <span
                    className={cn(
                      'block h-2.5 rounded-full transition-all duration-200',
                      i === index ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-400 group-hover:bg-slate-500',
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={arrowClass}
              aria-label="Следующий отзыв"
              onClick={() => move({ type: 'next' })}
            >
              <ChevronRightIcon size={20} />
            </button>
          </div>
        </section>
      </div>
    </section>
  );
}
