import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isValidPhone } from '../phone';
import { HttpUrl, shortText, Uuid } from './common';

const EXAMPLE_SHOP = {
  id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
  name: 'ООО «Ромашка»',
  email: 'shop@romashka.ru',
};

export const Shop = z
  .object({ id: Uuid, name: z.string(), email: z.string() })
  .meta({ id: 'Shop', examples: [EXAMPLE_SHOP] });
export type Shop = z.infer<typeof Shop>;

export const CompanySuggestion = z
  .object({ value: z.string(), inn: z.string() })
  .meta({ id: 'CompanySuggestion', examples: [{ value: 'ООО «Ромашка»', inn: '7701234560' }] });
export type CompanySuggestion = z.infer<typeof CompanySuggestion>;

/** The suggestions for an INN: the companies the directory knows under it (none — an empty list). */
export const CompanySuggestions = z
  .array(CompanySuggestion)
  .meta({ examples: [[{ value: 'ООО «Ромашка»', inn: '7701234560' }]] });

export const CompanySuggestQuery = z.strictObject({
  inn: z.string().trim().min(1, 'Укажите ИНН').max(12).regex(/^\d+$/, 'ИНН состоит только из цифр').meta({
    description: 'Начало ИНН: от 1 до 12 цифр. Ответ — до 10 организаций, чей ИНН с него начинается',
  }),
});

export const Enquiry = z
  .strictObject({
    name: shortText().min(1, 'Укажите имя'),
    // The server re-checks the landing form's rule (a browser-side check alone let "abc" through), with the spec's text.
    phone: z.string().trim().min(1, 'Укажите телефон').max(32).refine(isValidPhone, MESSAGES.phoneInvalid),
  })
  .meta({ id: 'Enquiry', examples: [{ name: 'Анна', phone: '+7 916 123-45-67' }] });
export type Enquiry = z.infer<typeof Enquiry>;

export const EnquiryResponse = z.object({ success: z.boolean(), message: z.string() }).meta({
  id: 'EnquiryResponse',
  examples: [{ success: true, message: 'Спасибо! Мы перезвоним вам в течение рабочего дня.' }],
});
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
    /** The live keys (real orders, real banks) and the live webhook secret. */
    secret_key: z.string(),
    publishable_key: z.string(),
    webhook_secret: z.string(),
    /** The test mode's keys and webhook secret: test orders, sandbox banks, data of their own. */
    test_secret_key: z.string(),
    test_publishable_key: z.string(),
    test_webhook_secret: z.string(),
  })
  .meta({
    id: 'ShopCreated',
    examples: [
      {
        shop: EXAMPLE_SHOP,
        secret_key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dcQ8mN2xVb',
        publishable_key: 'pk_live_TYooMQauvdEDq54NiTphI7jxR3kW9sLe',
        webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwxJ3kVn5pRqU=',
        test_secret_key: 'sk_test_9fKd2LmQx7RtVb3NcW8pZy4HsJ6aE1uG',
        test_publishable_key: 'pk_test_Hq4Vn8LmZx2RtKb7CwP9yJ3sD6aF1eUg',
        test_webhook_secret: 'whsec_t3STbW9kQ2xLmR7vN4pZ8yJ6sD1aF5eUgHq0cVb2KwE=',
      },
    ],
  });
export type ShopCreated = z.infer<typeof ShopCreated>;

export const Health = z
  .object({ status: z.enum(['ok', 'unavailable']) })
  .meta({ examples: [{ status: 'ok' }, { status: 'unavailable' }] });

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
  .meta({
    id: 'Readiness',
    examples: [
      { status: 'ready', checks: { database: 'ok', migrations: 'ok', draining: false, redis: 'ok' } },
      { status: 'not_ready', checks: { database: 'ok', migrations: 'ok', draining: true } },
    ],
  });
export type Readiness = z.infer<typeof Readiness>;
