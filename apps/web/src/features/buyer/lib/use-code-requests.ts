import type { Order } from '@b2bpay/domain';
import { useState } from 'react';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { requestEmailCode, requestPhoneCode } from '../api/buyer-api';
import { emailForCode, phoneForCode, waitFor } from '../model/step2';
import { RESEND_COOLDOWN_MS } from './use-countdown';
import type { Step2State } from './use-step2-state';

/** A tuple rather than an object: its names would stay whole in the minified page. */
export type CodeRequests = [
  sendingPhone: boolean,
  sendingEmail: boolean,
  requestPhone: () => Promise<void>,
  requestEmail: () => Promise<void>,
];

/** Spec §8: a code request refused without a text of the server's, or lost on the network. */
const FAILURES = {
  phone: ['Не удалось отправить код на телефон.', 'Ошибка при запросе кода подтверждения телефона.'],
  email: ['Не удалось отправить код на почту.', 'Ошибка при запросе кода подтверждения почты.'],
} as const;

/**
 * Step 2's code requests, to the phone and to the e-mail: the contact checked first, the code input
 * shown and focused once the code went out, the button waiting out the cooldown of that number or
 * address (or the server's Retry-After) — another number does not wait — and a failure's text under
 * the contact.
 */
export function useCodeRequests(order: Order, state: Step2State): CodeRequests {
  const [sending, setSending] = useState({ phone: false, email: false });
  const { data, update } = state;

  const request = async (name: 'phone' | 'email') => {
    const phone = name === 'phone';
    const checked = phone ? phoneForCode(data.phone) : emailForCode(data.email);
    if ('error' in checked) {
      state.showError(name, checked.error);
      state.focus(name);
      return;
    }
    const code = `${name}Code` as const;
    // Where the focus is as the code is asked for (the code button): its input takes it from there.
    const from = document.activeElement;
    state.edit({ [name]: checked.value }, name, code);
    setSending((now) => ({ ...now, [name]: true }));
    const result = await (phone ? requestPhoneCode : requestEmailCode)(order.id, data.clientId, checked.to);
    setSending((now) => ({ ...now, [name]: false }));
    if (result.success) {
      update((now) => ({
        clientId: result.data.id,
        ...(phone
          ? { showPhoneCode: true, phoneCodeSentTo: checked.to }
          : { showEmailCode: true, emailCodeSentTo: checked.to }),
        ...waitFor(checked.to, RESEND_COOLDOWN_MS)(now),
      }));
      reachGoal(phone ? GOALS.SEND_PHONE_CODE : GOALS.SEND_EMAIL_CODE);
      state.focusAfterRender(code, from);
      return;
    }
    if (result.retryAfterSeconds) update(waitFor(checked.to, result.retryAfterSeconds * 1000));
    if (state.conflict(result)) return;
    const [refused, network] = FAILURES[name];
    state.showError(
      name,
      result.kind === 'network' ? network : (result.kind === 'api' && result.error) || refused,
    );
  };

  return [sending.phone, sending.email, () => request('phone'), () => request('email')];
}
