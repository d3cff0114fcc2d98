import { useParams } from 'react-router';
import { SUPPORT_EMAIL, TELEGRAM_HANDLE, TELEGRAM_URL } from '../../../shared/config/contacts';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Button } from '../../../shared/ui/button';
import { ArrowLeftIcon, ChevronRightIcon, MailIcon, SendIcon } from '../../../shared/ui/icons';
import { BuyerLayout } from '../components/buyer-layout';
import { useSupportBack } from '../lib/back-navigation';

const contactClass =
  'group flex min-h-20 items-center gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 transition-[border-color,box-shadow] duration-150 hover:border-brand-200 hover:shadow-md hover:shadow-brand-900/5 sm:p-5';

/** Buyer support (spec §2): an e-mail and a messenger contact; back to the order or in history. */
export default function BuyerSupportPage() {
  const { orderId } = useParams();
  const back = useSupportBack(orderId);
  usePageMeta({ title: 'Поддержка' });
  return (
    <BuyerLayout>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Button variant="ghost" className="-ml-3 mb-3" icon={<ArrowLeftIcon size={18} />} onClick={back}>
          {orderId ? 'К заказу' : 'Назад'}
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-[32px] sm:leading-10">
          Поддержка
        </h1>
        <p className="mt-1.5 text-[15px] text-slate-600">
          Поможем с заявкой, кодами подтверждения и статусом заказа. Напишите удобным способом — отвечаем
          круглосуточно.
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-4">
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={contactClass}>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-brand-50 text-brand-700">
                <MailIcon />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm text-slate-600">Электронная почта</span>
                <span className="block font-semibold break-all text-slate-900">{SUPPORT_EMAIL}</span>
              </span>
              <ChevronRightIcon className="shrink-0 text-slate-400 group-hover:text-brand-700" />
            </a>
          </li>
          <li>
            <a href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" className={contactClass}>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-brand-50 text-brand-700">
                <SendIcon />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm text-slate-600">Telegram</span>
                <span className="block font-semibold text-slate-900">{TELEGRAM_HANDLE}</span>
              </span>
              <ChevronRightIcon className="shrink-0 text-slate-400 group-hover:text-brand-700" />
            </a>
          </li>
        </ul>
        <p className="mt-6 text-sm text-slate-600">
          Чтобы мы ответили быстрее, укажите номер заказа и ИНН организации.
        </p>
      </div>
    </BuyerLayout>
  );
}
