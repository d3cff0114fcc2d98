import { useParams } from 'react-router';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { shopPaths } from '../shared/shop-id';
import { SHOP_FAQ } from './faq-items';

/** Shop FAQ (spec §2): seven static questions and answers. */
export default function ShopFaqPage() {
  const { shopId = '' } = useParams();
  usePageMeta({ title: 'Часто задаваемые вопросы' });
  return (
    <PageContainer narrow>
      <PageHeader title="Часто задаваемые вопросы" backTo={shopPaths.home(shopId)} />
      <ol className="flex flex-col gap-3">
        {SHOP_FAQ.map((item, index) => (
          <li
            key={item.question}
            className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-6"
          >
            <h2 className="flex gap-3 text-base font-semibold text-slate-900 sm:text-lg">
              <span className="text-brand-700 tabular-nums" aria-hidden="true">
                {index + 1}.
              </span>
              {item.question}
            </h2>
            <p className="mt-2 text-[15px] leading-relaxed text-slate-700 sm:pl-7">{item.answer}</p>
          </li>
        ))}
      </ol>
    </PageContainer>
  );
}
