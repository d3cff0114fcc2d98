import {
  OfferAccept,
  OfferCodeRequest,
  OfferCodeSent,
  OfferIdParam,
  Order,
  OrderIdParam,
} from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../shared/route-schemas';
import { acceptOffer, requestOfferCode } from '../workflows/buyer-offers';

const OfferParams = z.strictObject({ order_id: OrderIdParam, offer_id: OfferIdParam });

/**
 * The buyer chooses a bank's offer and signs it with an SMS code (DESIGN §13). Like the form, these
 * take no key: the order link is the buyer's access.
 */
export async function offersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { clientAddress: string | null; headers: Record<string, unknown> }) => ({
    ip: request.clientAddress,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
  });

  r.post(
    '/api/order/orders/:order_id/offers/:offer_id/code',
    {
      schema: {
        operationId: 'requestOfferCode',
        tags: ['buyer'],
        summary: 'Код для подписи предложения',
        description:
          'SMS-код на подтверждённый телефон покупателя для подписи этого предложения (правила кодов анкеты: ' +
          '6 цифр, 10 минут, не чаще раза в 60 с). Пока заказ одобрен и ни одно предложение не подписано.',
        security: [],
        params: OfferParams,
        body: OfferCodeRequest,
        response: { 200: OfferCodeSent, ...errorResponses(400, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request) =>
      requestOfferCode(
        deps,
        request.params.order_id,
        request.params.offer_id,
        request.body.client_id,
        meta(request),
      ),
  );

  r.post(
    '/api/order/orders/:order_id/offers/:offer_id/accept',
    {
      schema: {
        operationId: 'acceptOffer',
        tags: ['buyer'],
        summary: 'Подписать предложение',
        description:
          'Простая электронная подпись кодом из SMS. Ответ — заказ с accepted_offer; банк получает offer.accepted, ' +
          'остальные банки — application.withdrawn. Второе подписание — 409 OFFER_ALREADY_ACCEPTED.',
        security: [],
        params: OfferParams,
        body: OfferAccept,
        response: { 200: Order, ...errorResponses(400, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request) =>
      acceptOffer(deps, request.params.order_id, request.params.offer_id, request.body, meta(request)),
  );
}
