import type { CompanySuggestion } from '@b2bpay/domain';
import { ApiError, DOCUMENTED_ERRORS, NetworkError, request, requireParam } from './http';
import type { ApiOperation } from './typed-client';

/** Typed by the OpenAPI document, without the typed client's code (the buyer's step 1 loads this). */
type Suggest = ApiOperation<'GET', '/api/integration/company/suggest'>;

export type SuggestResult =
  | { success: true; data: CompanySuggestion[] }
  | { success: false; kind: 'api' | 'network' | 'unexpected' };

/**
 * Companies whose INN starts with the digits typed (at most 10). Shared by the buyer's step 1 and the
 * cabinet's sign-up, through the INN field; a failure is a result, so the field only picks its words.
 */
export async function suggestCompanies(inn: string, signal?: AbortSignal): Promise<SuggestResult> {
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
    if (error instanceof ApiError) return { success: false, kind: 'api' };
    if (error instanceof NetworkError) return { success: false, kind: 'network' };
    return { success: false, kind: 'unexpected' };
  }
}
