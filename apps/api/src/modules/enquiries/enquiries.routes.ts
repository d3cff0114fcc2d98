import { Enquiry, EnquiryResponse } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../shared/route-schemas';
import { receiveEnquiry } from './enquiries.service';

export async function enquiriesRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shop/enquire',
    {
      schema: {
        operationId: 'createEnquiry',
        tags: ['landing'],
        summary: 'Заявка на подключение с лендинга',
        security: [],
        body: Enquiry,
        response: { 200: EnquiryResponse, ...errorResponses(400, 413, 415, 429, 500) },
      },
    },
    async (request) =>
      receiveEnquiry(deps, {
        name: request.body.name,
        phone: request.body.phone,
        ip: request.clientAddress,
        userAgent: request.headers['user-agent'],
      }),
  );
}
