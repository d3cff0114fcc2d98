import { ORDER_STATUSES } from '@b2bpay/domain';
import * as Accordion from '@radix-ui/react-accordion';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SUPPORT_EMAIL, TELEGRAM_HANDLE, TELEGRAM_URL } from '../../../shared/config/contacts';
import { cn } from '../../../shared/lib/cn';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Button } from '../../../shared/ui/button';
import { ArrowLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { BuyerLayout } from '../components/buyer-layout';
import '../lib/accordion.css';
import { useFaqBack } from '../lib/back-navigation';
import { buyerPaths } from '../model/order-view';

export const FAQ_TITLE = 'Часто задаваемые вопросы';
export const INVOICE_BUTTON = 'Оплата на расчетный счет';

const STATUS_MEANING: Record<(typeof ORDER_STATUSES)[number], string> = {
  client_expected: 'Заявка по заказу ещё не заполнена — нажмите «Заполнить заявку» на странице заказа.',
  bank_info_expected: 'Заявка отправлена, банки-партнёры проверяют данные.',
  app_approved: 'Банк одобрил рассрочку и оплатит заказ магазину.',
  app_rejected: 'Банки не одобрили рассрочку; заказ можно оплатить другим способом.',
  payment_sent: 'Банк перечислил оплату магазину, заказ оплачен.',
  client_info_overdue: 'Заявку не заполнили вовремя; попросите магазин создать новый заказ.',
  cancelled: 'Магазин отменил заказ; заполнять по нему ничего не нужно.',
  refunded: 'Магазин оформил возврат всей суммы заказа; банк пересчитает рассрочку.',
};

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

function InvoiceDetails() {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <div className="mt-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        icon={
          <ChevronRightIcon
            size={18}
            className={cn('transition-transform duration-200', open ? '-rotate-90' : 'rotate-90')}
          />
        }
      >
        {INVOICE_BUTTON}
      </Button>
      <div id={detailsId} hidden={!open} className="mt-3 rounded-[var(--radius-control)] bg-slate-50 p-4">
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-[15px] text-slate-700 marker:text-slate-500">
          <li>Попросите магазин выставить счёт на оплату заказа — в нём будут реквизиты магазина.</li>
          <li>Оплатите счёт с расчётного счёта вашей организации.</li>
          <li>В назначении платежа укажите номер заказа и номер счёта.</li>
          <li>
            Поступление денег проверяет магазин и сообщает вам сам: статус заявки на этой странице при оплате
            по счёту не меняется.
          </li>
        </ol>
      </div>
    </div>
  );
}

function faqItems(orderId: string | undefined): { id: string; question: string; answer: ReactNode }[] {
  return [
    {
      id: 'status',
      question: 'Что означает статус заказа?',
      answer: (
        <>
          <p>Статус показывает, на каком этапе ваш заказ:</p>
          <ul className="mt-3 flex flex-col gap-3">
            {ORDER_STATUSES.map((status) => (
              <li key={status} className="flex flex-col items-start gap-1">
                <StatusBadge status={status} />
                <span>{STATUS_MEANING[status]}</span>
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'apply',
      question: 'Как заполнить заявку?',
      answer: (
        <>
          <p>Откройте ссылку на заказ от магазина и нажмите «Заполнить заявку». Это займёт около 3 минут.</p>
          <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 marker:text-slate-500">
            <li>
              Шаг 1 — укажите фамилию, имя и отчество контактного лица, ИНН и название организации. По ИНН мы
              подскажем название.
            </li>
            <li>
              Шаг 2 — введите телефон и электронную почту, подтвердите их кодами из СМС и письма, отметьте
              согласия и нажмите «Отправить заявку».
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'decision',
      question: 'Когда придёт решение?',
      answer: (
        <p>
          Обычно банки отвечают в течение 1 рабочего дня. Решение придёт на электронную почту, указанную в
          заявке, а статус на странице заказа обновится автоматически.
        </p>
      ),
    },
    {
      id: 'invoice',
      question: 'Можно ли оплатить заказ по счёту?',
      answer: (
        <>
          <p>
            Да. Если рассрочка не нужна, заказ можно оплатить переводом с расчётного счёта организации. Оплату
            подтверждает магазин, когда деньги поступят.
          </p>
          <InvoiceDetails />
        </>
      ),
    },
    {
      id: 'help',
      question: 'Куда обратиться за помощью?',
      answer: (
        <p>
          Напишите нам на{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
            {SUPPORT_EMAIL}
          </a>{' '}
          или в Telegram{' '}
          <a href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {TELEGRAM_HANDLE}
          </a>
          . Все контакты — на странице{' '}
          <Link to={buyerPaths.support(orderId)} className={linkClass}>
            поддержки
          </Link>
          .
        </p>
      ),
    },
  ];
}

/** Buyer FAQ (spec §2): five questions in an accordion where several can be open at once. */
export default function BuyerFaqPage() {
  const { orderId } = useParams();
  const back = useFaqBack(orderId);
  usePageMeta({ title: FAQ_TITLE });
  return (
    <BuyerLayout>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Button variant="ghost" className="-ml-3 mb-3" icon={<ArrowLeftIcon size={18} />} onClick={back}>
          Назад
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-[32px] sm:leading-10">
          {FAQ_TITLE}
        </h1>
        <p className="mt-1.5 text-[15px] text-slate-600">Коротко о заявке на рассрочку, статусах и оплате.</p>
        <Accordion.Root type="multiple" className="mt-6 flex flex-col gap-3">
          {faqItems(orderId).map((item) => (
            <Accordion.Item
              key={item.id}
              value={item.id}
              className="rounded-[var(--radius-card)] border border-slate-200 bg-white"
            >
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 rounded-[var(--radius-card)] px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6">
                    {item.question}
                    <ChevronRightIcon
                      size={20}
                      className="shrink-0 rotate-90 text-slate-500 transition-transform duration-200 group-data-[state=open]:-rotate-90"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="buyer-accordion-content">
                <div className="px-4 pb-5 text-[15px] leading-relaxed text-slate-700 sm:px-6">
                  {item.answer}
                </div>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </BuyerLayout>
  );
}
