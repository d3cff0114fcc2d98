import {
  SANDBOX_DEFAULT_DECISION_DELAY_MS,
  SANDBOX_DEFAULT_PAYMENT_DELAY_MS,
  SANDBOX_OUTCOMES,
} from '@b2bpay/domain';
import { C, ParamTable } from './docs-ui';

/** A setting's name in brackets, kept on one line. */
function Setting({ name }: { name: string }) {
  return (
    <span className="whitespace-nowrap">
      (<C>{name}</C>)
    </span>
  );
}

/**
 * The sandbox's rules, from packages/domain/src/sandbox.ts, which the sandbox banks
 * themselves follow: which e-mail leads to approval, rejection or no answer, and the delays.
 */
export function SandboxRules() {
  return (
    <>
      <h3 className="text-lg font-semibold text-slate-900">Песочница: одобрение, отказ или нет ответа</h3>
      <p>
        Банки песочницы решают по e-mail покупателя, указанному на шаге 2 анкеты. ИНН, организация и сумма
        заказа на решение не влияют. Решение приходит через {SANDBOX_DEFAULT_DECISION_DELAY_MS / 1000} с{' '}
        <Setting name="SANDBOX_DECISION_DELAY_MS" />, оплата — ещё через{' '}
        {SANDBOX_DEFAULT_PAYMENT_DELAY_MS / 1000} с после одобрения{' '}
        <Setting name="SANDBOX_PAYMENT_DELAY_MS" />.
      </p>
      <ParamTable
        caption="Песочница: исход по e-mail покупателя"
        columns={['E-mail покупателя', 'Что происходит', 'Статусы заказа']}
        rows={SANDBOX_OUTCOMES.map((outcome) => ({
          name: (
            <>
              {outcome.email}, например <C>{outcome.example}</C>
            </>
          ),
          description: outcome.outcome,
          extra: <C>{outcome.statuses}</C>,
        }))}
      />
    </>
  );
}
