import type { Order } from '@b2bpay/domain';
import { useRef } from 'react';
import { checkClientCode, emailCodeBody, phoneCodeBody } from '../api/buyer-api';
import { CODE_LENGTH } from '../model/code-input';
import { step2FieldOf } from '../model/step2';
import type { Step2State } from './use-step2-state';

/**
 * A step-2 code checked as soon as its six digits are typed (POST …/client/code-check), so that a wrong
 * one says «Неверный код. Осталось попыток: N» under it at once rather than at the final submit. The
 * code is not used up; the submission checks it again. An answer about a code the buyer has changed
 * meanwhile is dropped, and a failure of the network says nothing (the submission will).
 */
export function useCodeCheck(order: Order, state: Step2State) {
  const latest = useRef(state.data);
  latest.current = state.data;

  return async (name: 'phone' | 'email', code: string) => {
    if (code.length !== CODE_LENGTH) return;
    const { clientId, phone, email } = latest.current;
    const result = await checkClientCode(
      order.id,
      name === 'phone'
        ? { ...phoneCodeBody(clientId, phone), sms_code_input: code }
        : { ...emailCodeBody(clientId, email.trim()), email_code_input: code },
    );
    const field = `${name}Code` as const;
    if (result.success || result.kind !== 'api' || latest.current[field] !== code) return;
    if (state.conflict(result)) return;
    state.showError(step2FieldOf(result.field) ?? field, result.error ?? 'Неверный код');
  };
}
