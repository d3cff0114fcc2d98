import { formatPhoneInput, normalizeEmail, normalizePhone, type Order } from '@b2bpay/domain';
import { Navigate, useParams } from 'react-router';
import { useOrder } from '../../../shared/api/queries';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ApplicationClosed } from '../components/application-closed';
import { BuyerLayout } from '../components/buyer-layout';
import { type ContactTexts, ContactWithCode } from '../components/contact-with-code';
import { LoadedOrder } from '../components/order-states';
import { StepLayout } from '../components/step-layout';
import { Step2Consents } from '../components/step2-consents';
import { useCodeCheck } from '../lib/use-code-check';
import { useCodeRequests } from '../lib/use-code-requests';
import { useStep2State } from '../lib/use-step2-state';
import { useStep2Submit } from '../lib/use-step2-submit';
import { buyerPaths } from '../model/order-view';
import { isStep1Complete } from '../model/step1';
import { emailCodeRequested, phoneCodeRequested } from '../model/step2';

const PHONE_TEXTS: ContactTexts = [
  'Телефон',
  '+7 900 000-00-00',
  'Пришлём СМС с кодом подтверждения',
  'Код из СМС',
];
const EMAIL_TEXTS: ContactTexts = [
  'Электронная почта',
  'name@company.ru',
  'Пришлём код, а потом — решение банка',
  'Код из письма',
];

function Step2Form({ order }: { order: Order }) {
  const state = useStep2State(order);
  const [sendingPhone, sendingEmail, requestPhone, requestEmail] = useCodeRequests(order, state);
  const [submitting, submit] = useStep2Submit(order, state);
  const checkCode = useCodeCheck(order, state);
  const { data } = state;

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
          state={state}
          name="phone"
          type="tel"
          texts={PHONE_TEXTS}
          codeVisible={data.showPhoneCode && phoneCodeRequested(data)}
          sentTo={data.phoneCodeSentTo && formatPhoneInput(data.phoneCodeSentTo)}
          sending={sendingPhone}
          sentBefore={data.showPhoneCode}
          resendAt={data.resendAt[normalizePhone(data.phone) ?? '']}
          format={formatPhoneInput}
          onRequest={() => void requestPhone()}
          onCode={(code) => void checkCode('phone', code)}
        />
        <div className="border-t border-slate-200 pt-6">
          <ContactWithCode
            state={state}
            name="email"
            type="email"
            texts={EMAIL_TEXTS}
            codeVisible={data.showEmailCode && emailCodeRequested(data)}
            sentTo={data.emailCodeSentTo}
            sending={sendingEmail}
            sentBefore={data.showEmailCode}
            resendAt={data.resendAt[normalizeEmail(data.email)]}
            onRequest={() => void requestEmail()}
            onCode={(code) => void checkCode('email', code)}
          />
        </div>
        <Step2Consents state={state} />
        {state.formError && <Alert tone="error">{state.formError}</Alert>}
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
