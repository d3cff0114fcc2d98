import { CONSENT_DOCUMENTS, normalizeEmail, normalizePhone, type Order } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { useOrder } from '../../../shared/api/queries';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { type CallFailure, requestEmailCode, requestPhoneCode, submitApplication } from '../api/buyer-api';
import { ApplicationClosed } from '../components/application-closed';
import { BuyerLayout } from '../components/buyer-layout';
import { CheckboxField } from '../components/checkbox-field';
import { ContactWithCode, codeFieldId, contactFieldId } from '../components/code-field';
import { LoadedOrder } from '../components/order-states';
import { StepLayout } from '../components/step-layout';
import { RESEND_COOLDOWN_MS } from '../lib/use-countdown';
import { markSubmitted, useApplicationForm } from '../model/application-store';
import { buyerPaths } from '../model/order-view';
import { prefillFromOrder } from '../model/prefill';
import { cleanStep1, isStep1Complete } from '../model/step1';
import {
  emailCodeRequested,
  emailForCode,
  formatPhone,
  phoneCodeRequested,
  phoneForCode,
  STEP2_FIELDS,
  type Step2Errors,
  type Step2Field,
  step2FieldOf,
  validateStep2,
} from '../model/step2';

/** Spec §8 step-2 failures. */
export const STEP2_TEXTS = {
  phoneCodeFailed: 'Не удалось отправить код на телефон.',
  phoneCodeNetwork: 'Ошибка при запросе кода подтверждения телефона.',
  emailCodeFailed: 'Не удалось отправить код на почту.',
  emailCodeNetwork: 'Ошибка при запросе кода подтверждения почты.',
  submitFailed: 'Не удалось обновить данные клиента. Попробуйте еще раз.',
  unexpected: 'Произошла непредвиденная ошибка.',
} as const;

function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {children}
    </a>
  );
}

function Step2Form({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, update } = useApplicationForm(order.id, (stored) => prefillFromOrder(stored, order));
  const [errors, setErrors] = useState<Step2Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sendingPhone, setSendingPhone] = useState(false);
  const [sendingEmail, setSendingEmail] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [focusAfterRender, setFocusAfterRender] = useState<string | null>(null);
  const prefix = useId();
  const phoneId = `${prefix}-phone`;
  const emailId = `${prefix}-email`;
  const consentId = `${prefix}-consent`;
  const bankConsentId = `${prefix}-bank-consent`;

  const elementIdOf = (field: Step2Field): string => {
    switch (field) {
      case 'phone':
        return contactFieldId(phoneId);
      case 'phoneCode':
        return codeFieldId(phoneId);
      case 'email':
        return contactFieldId(emailId);
      case 'emailCode':
        return codeFieldId(emailId);
      case 'consent':
        return consentId;
      case 'bankConsent':
        return bankConsentId;
    }
  };

  // A field that appears with this render (a code input) takes the focus once it is in the page.
  useEffect(() => {
    if (!focusAfterRender) return;
    document.getElementById(focusAfterRender)?.focus();
    setFocusAfterRender(null);
  }, [focusAfterRender]);

  const clearError = (...fields: Step2Field[]) => {
    if (fields.some((field) => errors[field])) {
      setErrors((current) => {
        const next = { ...current };
        for (const field of fields) delete next[field];
        return next;
      });
    }
    setFormError(null);
  };

  const showPhoneCode = data.showPhoneCode && phoneCodeRequested(data);
  const showEmailCode = data.showEmailCode && emailCodeRequested(data);

  // 409: the order was submitted elsewhere, or its products changed (ORDER_CHANGED). Either way the
  // order is read again, so the page shows its current items and amount, and the server's text.
  const conflict = (failure: CallFailure) => {
    if (failure.status !== 409) return false;
    void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    setFormError(failure.error ?? STEP2_TEXTS.submitFailed);
    return true;
  };

  const codeFailureText = (failure: CallFailure, fallback: string, network: string) =>
    failure.kind === 'network' ? network : (failure.kind === 'api' && failure.error) || fallback;

  const requestPhone = async () => {
    const checked = phoneForCode(data.phone);
    if ('error' in checked) {
      setErrors((current) => ({ ...current, phone: checked.error }));
      document.getElementById(elementIdOf('phone'))?.focus();
      return;
    }
    clearError('phone', 'phoneCode');
    update({ phone: checked.phone });
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
      setFocusAfterRender(elementIdOf('phoneCode'));
      return;
    }
    if (result.retryAfterSeconds) update({ phoneResendAt: Date.now() + result.retryAfterSeconds * 1000 });
    if (conflict(result)) return;
    setErrors((current) => ({
      ...current,
      phone: codeFailureText(result, STEP2_TEXTS.phoneCodeFailed, STEP2_TEXTS.phoneCodeNetwork),
    }));
  };

  const requestEmail = async () => {
    const checked = emailForCode(data.email);
    if ('error' in checked) {
      setErrors((current) => ({ ...current, email: checked.error }));
      document.getElementById(elementIdOf('email'))?.focus();
      return;
    }
    clearError('email', 'emailCode');
    update({ email: checked.email });
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
      setFocusAfterRender(elementIdOf('emailCode'));
      return;
    }
    if (result.retryAfterSeconds) update({ emailResendAt: Date.now() + result.retryAfterSeconds * 1000 });
    if (conflict(result)) return;
    setErrors((current) => ({
      ...current,
      email: codeFailureText(result, STEP2_TEXTS.emailCodeFailed, STEP2_TEXTS.emailCodeNetwork),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateStep2(data);
    setErrors(found);
    setFormError(null);
    const first = STEP2_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(elementIdOf(first))?.focus();
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
      // What the buyer sees on this page: a 409 ORDER_CHANGED reloads the order (conflict below) and
      // the next submission names the new version.
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
      setFormError(STEP2_TEXTS.unexpected);
      return;
    }
    if (conflict(result)) return;
    const field = step2FieldOf(result.field);
    if (result.kind === 'api' && field) {
      setErrors({ [field]: result.error ?? STEP2_TEXTS.submitFailed });
      document.getElementById(elementIdOf(field))?.focus();
      return;
    }
    setFormError((result.kind === 'api' && result.error) || STEP2_TEXTS.submitFailed);
  };

  if (!isStep1Complete(data)) return <Navigate to={buyerPaths.step1(order.id)} replace />;

  return (
    <StepLayout
      step={2}
      title="Подтверждение контактов"
      subtitle="Подтвердите телефон и электронную почту кодами — на почту придёт решение банка."
      backTo={buyerPaths.step1(order.id)}
      backLabel="Назад"
      order={order}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-6 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-6"
      >
        <ContactWithCode
          idPrefix={phoneId}
          contact={{
            name: 'phone',
            label: 'Телефон',
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            placeholder: '+7 900 000-00-00',
            hint: 'Пришлём СМС с кодом подтверждения',
            value: data.phone,
            error: errors.phone,
            onChange: (phone) => {
              update({ phone });
              clearError('phone', 'phoneCode');
            },
          }}
          code={{
            label: 'Код из СМС',
            visible: showPhoneCode,
            sentTo: data.phoneCodeSentTo ? formatPhone(data.phoneCodeSentTo) : null,
            value: data.phoneCode,
            error: errors.phoneCode,
            onChange: (phoneCode) => {
              update({ phoneCode });
              clearError('phoneCode');
            },
          }}
          request={{
            sending: sendingPhone,
            resendAt: data.phoneResendAt,
            sentBefore: data.showPhoneCode,
            onRequest: () => void requestPhone(),
          }}
        />

        <div className="border-t border-slate-200 pt-6">
          <ContactWithCode
            idPrefix={emailId}
            contact={{
              name: 'email',
              label: 'Электронная почта',
              type: 'email',
              inputMode: 'email',
              autoComplete: 'email',
              placeholder: 'name@company.ru',
              hint: 'Пришлём код, а потом — решение банка',
              value: data.email,
              error: errors.email,
              onChange: (email) => {
                update({ email });
                clearError('email', 'emailCode');
              },
            }}
            code={{
              label: 'Код из письма',
              visible: showEmailCode,
              sentTo: data.emailCodeSentTo,
              value: data.emailCode,
              error: errors.emailCode,
              onChange: (emailCode) => {
                update({ emailCode });
                clearError('emailCode');
              },
            }}
            request={{
              sending: sendingEmail,
              resendAt: data.emailResendAt,
              sentBefore: data.showEmailCode,
              onRequest: () => void requestEmail(),
            }}
          />
        </div>

        <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-6">
          <legend className="sr-only">Согласия</legend>
          <CheckboxField
            id={consentId}
            name="personal_data_consent"
            checked={data.consent}
            error={errors.consent}
            onChange={(consent) => {
              update({ consent });
              clearError('consent');
            }}
          >
            Я даю согласие на{' '}
            <DocumentLink href={CONSENT_DOCUMENTS.personal_data.url}>
              обработку персональных данных
            </DocumentLink>
          </CheckboxField>
          <CheckboxField
            id={bankConsentId}
            name="bank_transfer_consent"
            checked={data.bankConsent}
            error={errors.bankConsent}
            onChange={(bankConsent) => {
              update({ bankConsent });
              clearError('bankConsent');
            }}
          >
            Я согласен на{' '}
            <DocumentLink href={CONSENT_DOCUMENTS.bank_transfer.url}>
              передачу моих данных банкам-партнёрам
            </DocumentLink>{' '}
            для рассмотрения заявки
          </CheckboxField>
        </fieldset>

        {formError && <Alert tone="error">{formError}</Alert>}

        <Button
          type="submit"
          size="lg"
          loading={submitting}
          loadingText="Отправка..."
          className="w-full sm:w-auto sm:self-end"
        >
          Отправить заявку
        </Button>
      </form>
    </StepLayout>
  );
}

/** Application step 2 of 2 (spec §2, §5): phone and e-mail confirmed by codes, two consents, submit. */
export default function ApplyStep2Page() {
  const { orderId } = useParams();
  const order = useOrder(orderId);
  usePageMeta({
    title: order.data ? `Шаг 2 из 2 — заявка по заказу №${order.data.order_number}` : 'Шаг 2 из 2',
  });
  return (
    <BuyerLayout>
      <LoadedOrder orderId={orderId}>
        {(loaded) =>
          loaded.status === 'client_expected' ? (
            <Step2Form order={loaded} />
          ) : (
            <ApplicationClosed order={loaded} />
          )
        }
      </LoadedOrder>
    </BuyerLayout>
  );
}
