import { useParams } from 'react-router';
import { SUPPORT_EMAIL, TELEGRAM_HANDLE, TELEGRAM_URL } from '../../../shared/config/contacts';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { ChevronRightIcon, MailIcon, SendIcon } from '../../../shared/ui/icons';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { shopPaths } from '../shared/shop-id';

const contactClass =
  'group flex items-center gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 transition-[border-color,box-shadow] duration-150 hover:border-brand-200 hover:shadow-md hover:shadow-brand-900/5';

/** Shop support (spec §2): back to the shop, an e-mail and a messenger contact. */
export default function ShopSupportPage() {
  const { shopId = '' } = useParams();
  usePageMeta({ title: 'Поддержка' });
  return (
    <PageContainer narrow>
      <PageHeader
        title="Поддержка"
        subtitle="Поможем с заказами, интеграцией и настройкой кабинета. Напишите удобным способом."
        backTo={shopPaths.home(shopId)}
      />
      <ul className="grid gap-4 sm:grid-cols-2">
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
    </PageContainer>
  );
}
