import { Enquiry, EnquiryResponse } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../shared/route-schemas';

export const ENQUIRY_THANKS = 'Спасибо! Мы получили заявку и свяжемся с вами в ближайшее время.';

export async function enquiriesRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shop/enquire',
    {
      schema: {
        tags: ['landing'],
        summary: 'Заявка на подключение с лендинга',
        body: Enquiry,
        response: { 200: EnquiryResponse, ...errorResponses(400, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      await deps.db.query(
        'INSERT INTO enquiries (name, phone, ip, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)',
        [
          request.body.name,
          request.body.phone,
          request.ip,
          request.headers['user-agent']?.slice(0, 500) ?? null,
          deps.clock.now(),
        ],
      );
      return { success: true, message: ENQUIRY_THANKS };
    },
  );
}
