import { useState } from 'react';
import { useParams } from 'react-router';
import { usePageMeta } from '../../shared/meta/page-meta';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorsSection } from './api-docs-errors';
import { OverviewSection, StepsSection } from './api-docs-intro';
import { GetOrderSection, ListOrdersSection, StatusesSection } from './api-docs-orders';
import { type DocsProps, SectionNav, SpecLinks, titleOf } from './api-docs-parts';
import { AuthSection, CreateOrderSection } from './api-docs-requests';
import { WebhooksSection } from './api-docs-webhooks';
import { DocSection } from './docs-ui';
import type { ExampleLanguage } from './examples';
import { SdkDocs } from './sdk-docs';

/** REST API documentation (spec §2, §7): every section with examples that the test suite runs. */
export default function ApiDocsPage() {
  usePageMeta({
    title: 'Документация REST API',
    description:
      'REST API B2BPay: создание заказов, статусы, список заказов и вебхуки с подписью. Примеры на cURL, Python, Node.js и PHP.',
  });
  const { shopId } = useParams();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const origin = window.location.origin;
  const buttonDemo = shopId ? `/shops/${encodeURIComponent(shopId)}/button-demo` : '/shops/button-demo';
  const tabs = { language, onLanguageChange: setLanguage };
  const docs: DocsProps = { origin, tabs, buttonDemo, shopId };

  return (
    <PageContainer>
      <PageHeader
        title="Документация REST API"
        subtitle="Создавайте заказы со своего сервера, следите за статусами и получайте вебхуки."
        backTo={shopId ? `/shops/${encodeURIComponent(shopId)}` : undefined}
        actions={<SpecLinks />}
      />

      <div className="lg:grid lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-10">
        <SectionNav />

        <div className="flex min-w-0 flex-col gap-12">
          <OverviewSection {...docs} />

          <StepsSection {...docs} />

          <AuthSection {...docs} />

          <CreateOrderSection {...docs} />

          <StatusesSection />

          <GetOrderSection {...docs} />

          <ListOrdersSection {...docs} />

          <WebhooksSection {...docs} />

          <ErrorsSection />

          <DocSection id="sdk" title={titleOf('sdk')}>
            <SdkDocs />
          </DocSection>

          <DocSection id="benefits" title={titleOf('benefits')}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {[
                ['0 ₽ для магазина', 'Подключение и работа бесплатны, комиссию платит покупатель.'],
                ['Деньги сразу', 'Банк перечисляет магазину всю сумму заказа после одобрения.'],
                ['Интеграция за 1 день', 'Кнопка на сайт или несколько запросов к API.'],
                ['Продажи +40-60%', 'Рассрочка для бизнеса увеличивает продажи и средний чек на 45%.'],
              ].map(([title, text]) => (
                <li key={title} className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </DocSection>
        </div>
      </div>
    </PageContainer>
  );
}
