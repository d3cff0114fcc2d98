import type { OrderStatus } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { buttonClass } from '../../shared/ui/button';
import { ExternalLinkIcon } from '../../shared/ui/icons';
import type { ExampleLanguage } from './examples';

/** What the sections of the API documentation take from the page. */
export interface DocsProps {
  origin: string;
  tabs: { language: ExampleLanguage; onLanguageChange: (language: ExampleLanguage) => void };
  buttonDemo: string;
  shopId: string | undefined;
}

export const SECTIONS = [
  { id: 'overview', title: 'Обзор' },
  { id: 'steps', title: 'Интеграция за 4 шага' },
  { id: 'auth', title: 'Аутентификация' },
  { id: 'create-order', title: 'Создание заказа' },
  { id: 'statuses', title: 'Статусы заказа' },
  { id: 'get-order', title: 'Получение заказа' },
  { id: 'list-orders', title: 'Список заказов' },
  { id: 'webhooks', title: 'Вебхуки' },
  { id: 'errors', title: 'Обработка ошибок' },
  { id: 'sdk', title: 'SDK для Node.js и PHP' },
  { id: 'benefits', title: 'Преимущества' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];
export const titleOf = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.title ?? id;

export const STATUS_MEANING: Record<OrderStatus, string> = {
  client_expected: 'Заказ создан; покупатель ещё не отправил заявку по ссылке link.',
  bank_info_expected: 'Заявка отправлена; банки-партнёры проверяют данные покупателя.',
  app_approved: 'Банк одобрил заявку.',
  app_rejected: 'Все банки отклонили заявку.',
  payment_sent: 'Банк перечислил деньги магазину. Событие order.payment.completed.',
  client_info_overdue: 'Покупатель не отправил заявку за отведённое время (по умолчанию 72 часа).',
  cancelled: 'Магазин отменил заказ (POST …/cancel); банки отозвали заявку.',
  refunded: 'Магазин вернул всю сумму оплаченного заказа (POST …/refunds).',
};

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <div className="mt-1.5 text-[15px] break-words text-slate-900">{children}</div>
    </div>
  );
}

export const link = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The full API description: the reference page (/api/docs) and the OpenAPI document it is rendered from. */
export function SpecLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <a href="/api/docs" target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
        Справочник API
        <ExternalLinkIcon size={16} />
      </a>
      <a
        href="/api/openapi.json"
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary')}
      >
        OpenAPI JSON
        <ExternalLinkIcon size={16} />
      </a>
    </div>
  );
}

/** The sections' table of contents, sticky beside them on wide screens. */
export function SectionNav() {
  return (
    <nav aria-label="Разделы документации" className="mb-8 lg:mb-0">
      <ol className="flex flex-wrap gap-2 lg:sticky lg:top-24 lg:flex-col lg:gap-0.5">
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-flex min-h-9 items-center rounded-[var(--radius-control)] border border-slate-200 bg-white px-3 text-sm text-slate-700 hover:border-brand-200 hover:text-brand-800 lg:min-h-8 lg:border-0 lg:bg-transparent lg:px-2"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
