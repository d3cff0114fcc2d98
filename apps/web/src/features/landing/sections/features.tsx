import { formatWholeRubles as rub } from '@b2bpay/domain';
import type { ComponentType } from 'react';
import { cn } from '../../../shared/lib/cn';
import { CheckIcon } from '../../../shared/ui/icons';
import { FEATURES, FEATURES_HEADING, type Feature, type FeatureVisual, SECTION_IDS } from '../content';
import { Static } from '../static-markup';
import { SectionHeading } from './section-heading';

/** Decorative pictures of the product: a miniature of the screen each block talks about. */
function DashboardPicture() {
  const rows = [
    { n: '1045', status: 'Банк одобрил заявку', tone: 'bg-emerald-50 text-emerald-800', sum: rub(486_200) },
    { n: '1044', status: 'Ожидаем данные клиента', tone: 'bg-slate-100 text-slate-700', sum: rub(92_400) },
    { n: '1043', status: 'Оплачено', tone: 'bg-teal-50 text-teal-800', sum: rub(1_150_000) },
  ];
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-slate-200/50">
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-50 p-4">
          <p className="text-xs text-brand-800">Заказов за месяц</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-brand-900">128</p>
        </div>
        <div className="rounded-xl bg-emerald-50 p-4">
          <p className="text-xs text-emerald-800">Одобрено банками</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-emerald-900">96</p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={row.n}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3 text-sm"
          >
            <span className="font-medium text-slate-900">Заказ №{row.n}</span>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', row.tone)}>{row.status}</span>
            <span className="w-full font-semibold tabular-nums text-slate-900 sm:w-auto">{row.sum}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatusesPicture() {
  const events = [
    { time: '10:02', text: 'Заказ создан, ссылка отправлена покупателю' },
    { time: '10:06', text: 'Покупатель заполнил заявку' },
    { time: '15:40', text: 'Банк одобрил заявку' },
    { time: '15:41', text: 'Оплачено — деньги отправлены магазину' },
  ];
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-slate-200/50">
      <ol className="relative space-y-4 border-l-2 border-brand-100 pl-5">
        {events.map((event, index) => (
          <li key={event.time} className="relative text-sm">
            <span
              className={cn(
                'absolute top-1 -left-[27px] size-3 rounded-full ring-4 ring-white',
                index === events.length - 1 ? 'bg-emerald-600' : 'bg-brand-600',
              )}
            />
            <p className="text-xs text-slate-600 tabular-nums">{event.time}</p>
            <p className="font-medium text-slate-900">{event.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-5 rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs leading-relaxed text-slate-100">
        <span className="text-emerald-300">POST</span> /webhooks/b2bpay →{' '}
        <span className="text-emerald-300">200</span>
        <br />
        {'{ "event": "order.status.changed" }'}
      </div>
    </div>
  );
}

function ManagerPicture() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg shadow-slate-200/50">
      <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
          А
        </span>
        <div className="flex-1">
          <p className="font-medium text-slate-900">Анна, ваш менеджер</p>
          <p className="text-xs text-emerald-700">на связи 24/7</p>
        </div>
      </div>
      <div className="mt-4 space-y-3 text-sm">
        <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
          Добрый день! Помогу подключить кнопку рассрочки к сайту. Удобно созвониться сегодня?
        </p>
        <p className="ml-auto max-w-[70%] rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-2.5 text-white">
          Да, давайте в 15:00
        </p>
        <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
          Отлично, пришлю инструкцию для 1С-Битрикс и тестовый ключ.
        </p>
      </div>
    </div>
  );
}

const PICTURES: Record<FeatureVisual, ComponentType> = {
  dashboard: DashboardPicture,
  statuses: StatusesPicture,
  manager: ManagerPicture,
};

function FeatureBlock({ feature, index }: { feature: Feature; index: number }) {
  const Picture = PICTURES[feature.visual];
  const titleId = `feature-${feature.visual}-title`;
  return (
    <article aria-labelledby={titleId} className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16">
      <div className={cn(index % 2 === 1 && 'lg:order-2')}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{feature.eyebrow}</p>
        <h3 id={titleId} className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {feature.title}
        </h3>
        <p className="mt-4 text-base leading-relaxed text-slate-700">{feature.text}</p>
        <ul className="mt-6 space-y-3">
          {feature.points.map((point) => (
            <li key={point} className="flex items-start gap-3 text-[15px] text-slate-800">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                <CheckIcon size={13} strokeWidth={2.5} />
              </span>
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div aria-hidden="true" className={cn('select-none', index % 2 === 1 && 'lg:order-1')}>
        <Picture />
      </div>
    </article>
  );
}

/** Spec §2 item 4: three feature blocks. */
export function Features() {
  return (
    <Static
      as="section"
      name="features"
      id={SECTION_IDS.features}
      aria-labelledby="features-title"
      data-deferred=""
      className="scroll-mt-16 bg-slate-50 py-16 sm:py-24 [contain-intrinsic-size:auto_2500px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-[1120px] px-4 sm:px-6">
        <SectionHeading id="features-title" eyebrow="Возможности" title={FEATURES_HEADING} />
        <div className="mt-14 space-y-16 sm:space-y-24">
          {FEATURES.map((feature, index) => (
            <FeatureBlock key={feature.visual} feature={feature} index={index} />
          ))}
        </div>
      </div>
    </Static>
  );
}
