import { normalizePhone, type Order } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { submitApplication } from '../api/buyer-api';
import { markSubmitted } from '../model/application-store';
import { buyerPaths } from '../model/order-view';
import { cleanStep1 } from '../model/step1';
import { STEP2_FIELDS, step2FieldOf, validateStep2 } from '../model/step2';
import { type Step2State, SUBMIT_FAILED } from './use-step2-state';

/**
 * Step 2's submission: every rule checked first (the first invalid field focused, a code the server
 * refused kept refused), then the whole application sent; on success the success page, else the
 * server's text under its field or the form.
 */
export function useStep2Submit(order: Order, state: Step2State) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const { data, errors, setErrors, setFormError, focus } = state;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // A code the server has refused (as it was typed, or on a submission) stays refused until it is
    // edited: sent again, it would only spend another of its tries.
    const found = { phoneCode: errors.phoneCode, emailCode: errors.emailCode, ...validateStep2(data) };
    setErrors(found);
    setFormError(null);
    const first = STEP2_FIELDS.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    const email = data.email.trim();
    setSubmitting(true);
    const result = await submitApplication(order.id, {
      ...cleanStep1(data),
      clientId: data.clientId,
      phoneNumber: normalizePhone(data.phone) ?? data.phone,
      email,
      smsCodeInput: data.phoneCode,
      emailCodeInput: data.emailCode,
      // What the buyer sees on this page: a 409 ORDER_CHANGED reloads the order (the state's
      // conflict) and the next submission names the new version.
      orderVersion: order.version,
    });
    if (result.success) {
      reachGoal(GOALS.COMPLETE_APPLICATION);
      markSubmitted(order.id, email);
      // Read again before leaving, so that the success page finds the order being fetched and does not
      // take the copy that still says «not sent» for the truth.
      void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      navigate(buyerPaths.success(order.id), { replace: true });
      return;
    }
    setSubmitting(false);
    if (result.kind === 'unexpected') {
      setFormError('Произошла непредвиденная ошибка.');
      return;
    }
    if (state.conflict(result)) return;
    const field = step2FieldOf(result.field);
    if (result.kind === 'api' && field) {
      setErrors({ [field]: result.error ?? SUBMIT_FAILED });
      focus(field);
      return;
    }
    setFormError((result.kind === 'api' && result.error) || SUBMIT_FAILED);
  };

  return [submitting, submit] as const;
}
