import { formatWholeRubles } from '@b2bpay/domain';
import { cn } from '../../../shared/lib/cn';
import { buttonClass } from '../../../shared/ui/button';
import { CheckIcon } from '../../../shared/ui/icons';
import { PartnerBanks } from '../bank-marks';
import { ENQUIRY_FORM_ID, HERO, SECTION_IDS } from '../content';
import { ArrowDownIcon, ArrowRightIcon } from '../landing-icons';
import { Static } from '../static-markup';
import { onFormLinkClick, onSectionLinkClick } from './header';

/** A still picture of the product at work: one order from application to payout (decorative). */
function ApplicationPreview() {
  const steps = [
    { label: 'Покупатель заполнил заявку', meta: '3 мин' },
    { label: 'Банк одобрил рассрочку', meta: '1 раб. день' },
    { label: 'Деньги отправлены магазину', meta: 'сразу' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-100 via-white to-emerald-50" />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 pb-14 shadow-xl shadow-brand-900/5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm text-slate-600">Заказ №1042</p>
            <p className="mt-0.5 font-semibold text-slate-900">ООО «Вектор Снабжение»</p>
          </div>
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
            Одобрен
          </span>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
          <div>
            <dt className="text-slate-600">Сумма заказа</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">
              {formatWholeRubles(1_284_000)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Срок рассрочки</dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900">12 месяцев</dd>
          </div>
        </dl>
        <ol className="mt-5 space-y-3">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-3 text-sm">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
                <CheckIcon size={14} strokeWidth={2.5} />
              </span>
              <span className="flex-1 text-slate-800">{step.label}</span>
              <span className="text-slate-600">{step.meta}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="absolute -bottom-6 -left-6 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-lg shadow-brand-900/5">
        <p className="text-xs text-slate-600">Зачислено на счёт магазина</p>
        <p className="font-semibold tabular-nums text-emerald-700">{`+${formatWholeRubles(1_284_000)}`}</p>
      </div>
    </div>
  );
}

/** Spec §2 item 2: badge, headline, 'Оставить заявку' to the form, 'Узнать подробнее' to the benefits. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-full bg-[radial-gradient(60rem_30rem_at_80%_-10%,var(--color-brand-50),transparent)]"
      />
      <div className="relative mx-auto grid max-w-[1120px] items-center gap-12 px-4 pt-10 pb-14 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            <span className="size-1.5 rounded-full bg-brand-600" aria-hidden="true" />
            {HERO.badge}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-[32px] leading-[1.15] font-bold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-[1.1]"
          >
            {HERO.headline}
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-slate-700 sm:text-lg">{HERO.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href={`#${ENQUIRY_FORM_ID}`}
              onClick={onFormLinkClick(ENQUIRY_FORM_ID)}
              className={buttonClass('primary', 'lg')}
            >
              {HERO.primaryAction}
              <ArrowRightIcon size={18} />
            </a>
            <a
              href={`#${SECTION_IDS.benefits}`}
              onClick={onSectionLinkClick(SECTION_IDS.benefits)}
              className={buttonClass('secondary', 'lg')}
            >
              {HERO.secondaryAction}
              <ArrowDownIcon size={18} />
            </a>
          </div>
          <Static as="div" name="hero-banks" className="mt-10 border-t border-slate-200 pt-6">
            <p className="text-sm text-slate-600">{HERO.banksCaption}</p>
            <PartnerBanks className={cn('mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6')} />
          </Static>
        </div>
        <Static as="div" name="hero-preview" className="hidden lg:block">
          <ApplicationPreview />
        </Static>
      </div>
    </section>
  );
}
