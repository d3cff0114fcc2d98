import { ERROR_CATALOGUE } from '@b2bpay/domain';
import { C, ParamTable } from './docs-ui';

/**
 * The error catalogue: every `error.code` with its HTTP statuses, what happened and what
 * to do — read from packages/domain, the same list the OpenAPI document's responses describe.
 */
export function ErrorCatalogue() {
  return (
    <ParamTable
      caption="Каталог кодов ошибок"
      columns={['error.code · HTTP', 'Что случилось', 'Что делать']}
      rows={ERROR_CATALOGUE.map((entry) => ({
        name: (
          <>
            <C>{entry.code}</C> · {entry.statuses.join(', ')}
          </>
        ),
        description: entry.meaning,
        extra: entry.action,
      }))}
    />
  );
}
