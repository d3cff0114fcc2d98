import type { CompanySuggestion } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request, requireParam } from '../../../shared/api/http';
import type { ApiOperation } from '../../../shared/api/typed-client';

/** Typed by the OpenAPI document, without the typed client's code (step 1's page loads this). */
type Suggest = ApiOperation<'GET', '/api/integration/company/suggest'>;

import { type CallResult, toFailure } from './buyer-api';

/** Companies whose INN starts with the digits typed (at most 10). */
export async function suggestCompanies(
  inn: string,
  signal?: AbortSignal,
): Promise<CallResult<CompanySuggestion[]>> {
  try {
    requireParam(inn, 'IntegrationApi', 'suggestCompany', 'inn');
    const data = await request<Suggest['answer']>({
      method: 'GET',
      path: '/api/integration/company/suggest' satisfies Suggest['path'],
      query: { inn } satisfies Suggest['query'],
      signal,
      errorStatuses: [...DOCUMENTED_ERRORS, 502],
    });
    return { success: true, data: Array.isArray(data) ? data : [] };
  } catch (error) {
    return toFailure(error);
  }
}
