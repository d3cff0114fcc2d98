import type { CompanySuggestion, Order } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { useOrder } from '../../../shared/api/queries';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { InnField } from '../../../shared/ui/inn-field';
import { Input } from '../../../shared/ui/input';
import { saveStep1 } from '../api/buyer-api';
import { ApplicationClosed } from '../components/application-closed';
import { BuyerLayout } from '../components/buyer-layout';
import { LoadedOrder } from '../components/order-states';
import { StepLayout } from '../components/step-layout';
import { useApplicationForm } from '../model/application-store';
import { buyerPaths } from '../model/order-view';
import { prefillFromOrder } from '../model/prefill';
import {
  cleanStep1,
  STEP1_FIELDS,
  type Step1Errors,
  type Step1Field,
  step1FieldOf,
  validateStep1,
} from '../model/step1';

/** Spec §8 step-1 failures. */
export const STEP1_TEXTS = {
  saveFailed: 'Не удалось сохранить данные. Попробуйте еще раз.',
  unexpected: 'Произошла непредвиденная ошибка.',
} as const;

function Step1Form({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, update } = useApplicationForm(order.id, (stored) => prefillFromOrder(stored, order));
  const [errors, setErrors] = useState<Step1Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  const innRef = useRef<HTMLInputElement>(null);
  const fieldId = (field: Step1Field) => `${idPrefix}-${field}`;

  const focusField = (field: Step1Field) => {
    const element = field === 'inn' ? innRef.current : document.getElementById(fieldId(field));
    element?.focus();
  };

  const edit = (field: Step1Field, value: string) => {
    update({ [field]: value });
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  const choose = (suggestion: CompanySuggestion) => {
    update({ inn: suggestion.inn, organizationName: suggestion.value });
    setErrors((current) => ({ ...current, inn: undefined, organizationName: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateStep1(data);
    setErrors(found);
    setFormError(null);
    const first = STEP1_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    const values = cleanStep1(data);
    setSaving(true);
    const result = await saveStep1(order.id, { clientId: data.clientId, ...values });
    setSaving(false);
    if (result.success) {
      update({ ...values, clientId: result.data.id });
      reachGoal(GOALS.COMPLETE_STEP1);
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
      navigate(buyerPaths.step2(order.id));
      return;
    }
    if (result.kind === 'unexpected') {
      setFormError(STEP1_TEXTS.unexpected);
      return;
    }
    const field = step1FieldOf(result.field);
    if (result.kind === 'api' && field) {
      setErrors({ [field]: result.error ?? STEP1_TEXTS.saveFailed });
      focusField(field);
      return;
    }
    // 409: the order no longer awaits the buyer; the order page will show its status.
    if (result.status === 409) void queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    setFormError((result.kind === 'api' && result.error) || STEP1_TEXTS.saveFailed);
  };

  return (
    <StepLayout
      step={1}
      title="Данные организации"
      subtitle="Укажите контактное лицо и организацию, которая покупает товар."
      backTo={buyerPaths.order(order.id)}
      backLabel="К заказу"
      order={order}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-6"
      >
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-4 text-base font-semibold text-slate-900">Контактное лицо</legend>
          <Input
            id={fieldId('surname')}
            name="surname"
            label="Фамилия"
            autoComplete="family-name"
            autoCapitalize="words"
            enterKeyHint="next"
            required
            value={data.surname}
            error={errors.surname}
            onChange={(event) => edit('surname', event.target.value)}
          />
          <Input
            id={fieldId('name')}
            name="name"
            label="Имя"
            autoComplete="given-name"
            autoCapitalize="words"
            enterKeyHint="next"
            required
            value={data.name}
            error={errors.name}
            onChange={(event) => edit('name', event.target.value)}
          />
          <Input
            id={fieldId('middlename')}
            name="middlename"
            label={
              <>
                Отчество <span className="font-normal text-slate-600">(если есть)</span>
              </>
            }
            autoComplete="additional-name"
            autoCapitalize="words"
            enterKeyHint="next"
            value={data.middlename}
            error={errors.middlename}
            onChange={(event) => edit('middlename', event.target.value)}
          />
        </fieldset>

        <div className="border-t border-slate-200 pt-5">
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-4 text-base font-semibold text-slate-900">Организация</legend>
            <InnField
              inputRef={innRef}
              value={data.inn}
              error={errors.inn}
              onChange={(inn) => edit('inn', inn)}
              onSelect={choose}
            />
            <Input
              id={fieldId('organizationName')}
              name="organization"
              label="Название организации"
              autoComplete="organization"
              enterKeyHint="done"
              required
              placeholder="ООО «Ромашка»"
              value={data.organizationName}
              error={errors.organizationName}
              onChange={(event) => edit('organizationName', event.target.value)}
            />
          </fieldset>
        </div>

        {formError && <Alert tone="error">{formError}</Alert>}

        <Button
          type="submit"
          size="lg"
          loading={saving}
          loadingText="Сохранение..."
          className="w-full sm:w-auto sm:self-end"
        >
          Продолжить
        </Button>
      </form>
    </StepLayout>
  );
}

/** Application step 1 of 2 (spec §2, §5): personal and organization data, with INN suggestions. */
export default function ApplyStep1Page() {
  const { orderId } = useParams();
  const order = useOrder(orderId);
  usePageMeta({
    title: order.data ? `Шаг 1 из 2 — заявка по заказу №${order.data.order_number}` : 'Шаг 1 из 2',
  });
  return (
    <BuyerLayout>
      <LoadedOrder orderId={orderId}>
        {(loaded) =>
          loaded.status === 'client_expected' ? (
            <Step1Form order={loaded} />
          ) : (
            <ApplicationClosed order={loaded} />
          )
        }
      </LoadedOrder>
    </BuyerLayout>
  );
}
