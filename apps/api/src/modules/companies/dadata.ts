import type { CompanySuggestion } from '@b2bpay/domain';

interface DadataAnswer {
  suggestions?: unknown;
}

/**
 * DaData's party API (the real one when DADATA_API_KEY is set): findById for a whole INN,
 * suggest for a partial one. Same request and answer shapes as DaData documents.
 */
export async function dadataSuggest(
  baseUrl: string,
  apiKey: string,
  inn: string,
): Promise<CompanySuggestion[]> {
  const whole = inn.length === 10 || inn.length === 12;
  const response = await fetch(`${baseUrl}/${whole ? 'findById' : 'suggest'}/party`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Token ${apiKey}`,
    },
    body: JSON.stringify({ query: inn, count: 10 }),
    signal: AbortSignal.timeout(5000),
    // The configured address answers itself; a redirect is an error, never followed elsewhere.
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`DaData answered ${response.status}`);
  const answer = (await response.json()) as DadataAnswer | null;
  const suggestions: unknown[] = Array.isArray(answer?.suggestions) ? answer.suggestions : [];
  // Only well-formed entries pass: an upstream's odd answer must not become our 500.
  return suggestions.flatMap((s) => {
    const { value, data } = (s ?? {}) as { value?: unknown; data?: { inn?: unknown } | null };
    return typeof value === 'string' && typeof data?.inn === 'string' ? [{ value, inn: data.inn }] : [];
  });
}
