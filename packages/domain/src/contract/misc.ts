import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isValidPhone } from '../phone';
import { HttpUrl, shortText, Uuid } from './common';

export const Shop = z.object({ id: Uuid, name: z.string(), email: z.string() }).meta({ id: 'Shop' });
export type Shop = z.infer<typeof Shop>;

export const CompanySuggestion = z
  .object({ value: z.string(), inn: z.string() })
  .meta({ id: 'CompanySuggestion' });
export type CompanySuggestion = z.infer<typeof CompanySuggestion>;

export const CompanySuggestQuery = z.strictObject({
  inn: z.string().trim().min(1, 'Укажите ИНН').max(12).regex(/^\d+$/, 'ИНН состоит только из цифр'),
});

export const Enquiry = z
  .strictObject({
    name: shortText().min(1, 'Укажите имя'),
    // The server re-checks the landing form's rule (a browser-side check alone let "abc" through), with the spec's text.
    phone: z.string().trim().min(1, 'Укажите телефон').max(32).refine(isValidPhone, MESSAGES.phoneInvalid),
  })
  .meta({ id: 'Enquiry', examples: [{ name: 'Анна', phone: '+7 916 123-45-67' }] });
export type Enquiry = z.infer<typeof Enquiry>;

export const EnquiryResponse = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'EnquiryResponse' });
export type EnquiryResponse = z.infer<typeof EnquiryResponse>;

export const ShopCreate = z
  .strictObject({
    name: shortText().min(1, 'Укажите название магазина'),
    email: z.email('Неверный формат email').max(254),
    webhook_url: HttpUrl.optional(),
  })
  .meta({
    id: 'ShopCreate',
    examples: [
      { name: 'ООО «Ромашка»', email: 'shop@example.ru', webhook_url: 'https://shop.example.ru/b2bpay' },
    ],
  });
export type ShopCreate = z.infer<typeof ShopCreate>;

export const ShopCreated = z
  .object({
    shop: Shop,
    secret_key: z.string(),
    publishable_key: z.string(),
    webhook_secret: z.string(),
  })
  .meta({ id: 'ShopCreated' });
export type ShopCreated = z.infer<typeof ShopCreated>;

export const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

/** The readiness probe's answer: ready, or why not (each failing check named). */
export const Readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: z.enum(['ok', 'unavailable']),
      migrations: z.enum(['ok', 'pending', 'unknown']),
      draining: z.boolean(),
      // Only with REDIS_URL. `degraded`: Redis does not answer and the rate limits are counted in
      // this process meanwhile; the process still serves, so it stays ready.
      redis: z.enum(['ok', 'degraded']).optional().meta({
        description:
          'Только при REDIS_URL. degraded — Redis не отвечает, лимиты запросов считаются в этом процессе; процесс остаётся готовым.',
      }),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;
