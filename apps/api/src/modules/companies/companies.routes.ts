import { CompanySuggestions, CompanySuggestQuery } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../shared/errors';
import { errorResponses } from '../../shared/route-schemas';
import { COMPANY_DIRECTORY_FILE, CompanyDirectory } from './company-directory';
import { dadataSuggest } from './dadata';

export async function companiesRoutes(app: FastifyInstance, deps: AppDeps) {
  const directory = deps.config.DADATA_API_KEY ? null : CompanyDirectory.fromFile(COMPANY_DIRECTORY_FILE);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/integration/company/suggest',
    {
      schema: {
        operationId: 'suggestCompanies',
        tags: ['buyer'],
        summary: 'Подсказки организаций по ИНН',
        description: 'До 10 организаций, чей ИНН начинается с введённых цифр.',
        security: [],
        querystring: CompanySuggestQuery,
        response: { 200: CompanySuggestions, ...errorResponses(400, 429, 500, 502) },
      },
    },
    async (request) => {
      const { inn } = request.query;
      if (directory) return directory.suggest(inn);
      try {
        return await dadataSuggest(deps.config.DADATA_URL, deps.config.DADATA_API_KEY ?? '', inn);
      } catch (error) {
        request.log.warn({ err: error }, 'DaData suggestion failed');
        throw new AppError('INTERNAL_ERROR', 'Сервис подсказок временно недоступен', { status: 502 });
      }
    },
  );
}
