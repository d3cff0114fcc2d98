import { type OrderStatus } from '@b2bpay/domain';
import { type ReactNode } from 'react';
import { type ExampleLanguage } from './examples';

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
