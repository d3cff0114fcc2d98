import { normalizeEmail, type Order } from '@b2bpay/domain';
import { useState } from 'react';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { type CallFailure, requestEmailCode, requestPhoneCode } from '../api/buyer-api';
import { emailForCode, phoneForCode } from '../model/step2';
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
const failureText = (failure: CallFailure, refused: string, network: string) =>
  failure.kind === 'network' ? network : (failure.kind === 'api' && failure.error) || refused;

/**
 * Step 2's code requests, to the phone and to the e-mail: the contact checked first, the code input
 * shown and focused once the code went out, the button waiting out its cooldown (or the server's
 * Retry-After), and a failure's text under the contact.
 */
export function useCodeRequests(order: Order, state: Step2State): CodeRequests {
  const [sendingPhone, setSendingPhone] = useState(false);
  const [sendingEmail, setSendingEmail] = useState(false);
  const { data, update } = state;

  const requestPhone = async () => {
    const checked = phoneForCode(data.phone);
    if ('error' in checked) {
      state.showError('phone', checked.error);
      state.focus('phone');
      return;
    }
    state.edit({ phone: checked.phone }, 'phone', 'phoneCode');
    setSendingPhone(true);
    const result = await requestPhoneCode(order.id, data.clientId, checked.phone);
    setSendingPhone(false);
    if (result.success) {
      update({
        clientId: result.data.id,
        showPhoneCode: true,
        phoneCodeSentTo: checked.phone,
        phoneResendAt: Date.now() + RESEND_COOLDOWN_MS,
      });
      reachGoal(GOALS.SEND_PHONE_CODE);
      state.focusAfterRender('phoneCode');
      return;
    }
    if (result.retryAfterSeconds) update({ phoneResendAt: Date.now() + result.retryAfterSeconds * 1000 });
    if (state.conflict(result)) return;
    state.showError(
      'phone',
      failureText(
        result,
        'Не удалось отправить код на телефон.',
        'Ошибка при запросе кода подтверждения телефона.',
      ),
    );
  };

  const requestEmail = async () => {
    const checked = emailForCode(data.email);
    if ('error' in checked) {
      state.showError('email', checked.error);
      state.focus('email');
      return;
    }
    state.edit({ email: checked.email }, 'email', 'emailCode');
    setSendingEmail(true);
    const result = await requestEmailCode(order.id, data.clientId, checked.email);
    setSendingEmail(false);
    if (result.success) {
      update({
        clientId: result.data.id,
        showEmailCode: true,
        emailCodeSentTo: normalizeEmail(checked.email),
        emailResendAt: Date.now() + RESEND_COOLDOWN_MS,
      });
      reachGoal(GOALS.SEND_EMAIL_CODE);
      state.focusAfterRender('emailCode');
      return;
    }
    if (result.retryAfterSeconds) update({ emailResendAt: Date.now() + result.retryAfterSeconds * 1000 });
    if (state.conflict(result)) return;
    state.showError(
      'email',
      failureText(
        result,
        'Не удалось отправить код на почту.',
        'Ошибка при запросе кода подтверждения почты.',
      ),
    );
  };

  return [sendingPhone, sendingEmail, requestPhone, requestEmail];
}
