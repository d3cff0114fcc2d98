import type { Order } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { CallFailure } from '../api/call-result';
import { type ApplicationFormData, useApplicationForm } from '../model/application-store';
import { prefillFromOrder } from '../model/prefill';
import type { Step2Errors, Step2Field } from '../model/step2';

/** Spec §8: a submission refused without a text of the server's. */
export const SUBMIT_FAILED = 'Не удалось обновить данные клиента. Попробуйте еще раз.';

/**
 * Step 2's state: the application's data (kept per order, step 1's included), an error per field and
 * one for the whole form, and where the focus goes. Each field's element id is `${prefix}-${field}`
 * (contact-with-code.tsx names its two inputs so), which is how a field is focused.
 */
export function useStep2State(order: Order) {
  const queryClient = useQueryClient();
  const { data, update } = useApplicationForm(order.id, (stored) => prefillFromOrder(stored, order));
  const [errors, setErrors] = useState<Step2Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusAfterRender, setFocusAfterRender] = useState<{ id: string; from: Element | null } | null>(null);
  const prefix = useId();

  // A field that appears with this render (a code input) takes the focus once it is in the page,
  // if the focus is still where it was when the buyer asked (`from`) or nowhere: the effect runs a
  // frame after the render (Preact), and keys typed meanwhile into a field the buyer chose must not
  // land in this one.
  useEffect(() => {
    if (!focusAfterRender) return;
    setFocusAfterRender(null);
    const active = document.activeElement;
    if (active === document.body || active === focusAfterRender.from) {
      document.getElementById(focusAfterRender.id)?.focus();
    }
  }, [focusAfterRender]);

  return {
    data,
    update,
    prefix,
    errors,
    setErrors,
    formError,
    setFormError,
    /** A change the buyer made (or a contact tidied for its code): the errors of these fields and the form's go. */
    edit: (patch: Partial<ApplicationFormData>, ...fields: Step2Field[]) => {
      update(patch);
      if (fields.some((field) => errors[field])) {
        setErrors((current) => {
          const next = { ...current };
          for (const field of fields) delete next[field];
          return next;
        });
      }
      setFormError(null);
    },
    /** The error under one field, the others kept. */
    showError: (field: Step2Field, text: string) => setErrors((current) => ({ ...current, [field]: text })),
    focus: (field: Step2Field) => document.getElementById(`${prefix}-${field}`)?.focus(),
    /** Focuses the field once rendered, if the focus is still on `from` (or nowhere). */
    focusAfterRender: (field: Step2Field, from: Element | null) =>
      setFocusAfterRender({ id: `${prefix}-${field}`, from }),
    /**
     * 409: the order was submitted elsewhere, or its products changed (ORDER_CHANGED). Either way the
     * order is read again, so the page shows its current items and amount, and the server's text.
     */
    conflict: (failure: CallFailure) => {
      if (failure.status !== 409) return false;
      void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      setFormError(failure.error ?? SUBMIT_FAILED);
      return true;
    },
  };
}

export type Step2State = ReturnType<typeof useStep2State>;
