import { normalizeEmail, normalizeInnInput, validateInn } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, serverMessage } from '../../../shared/api/http';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { createShop } from '../admin-api';
import { failureText } from '../admin-ui';
import { staffEmailError } from '../staff-form';
import { staffKeys } from '../staff-session';

type Field = 'name' | 'email' | 'inn';
type Errors = Partial<Record<Field, string>>;

export const NAME_REQUIRED = 'Укажите название магазина';

const FIELDS: readonly string[] = ['name', 'email', 'inn'] satisfies Field[];
const isField = (value: string | undefined): value is Field => value !== undefined && FIELDS.includes(value);

function checkFields(name: string, email: string, inn: string): Errors {
  return {
    name: name.trim() === '' ? NAME_REQUIRED : undefined,
    email: staffEmailError(email),
    inn: validateInn(inn) ?? undefined,
  };
}

/**
 * «Создать магазин»: its name, the owner's e-mail (they get an invitation to the personal cabinet)
 * and the INN. From a won lead the lead's name is filled in and the lead is named (lead_id), so that
 * the lead points to its shop.
 */
export function ShopCreateForm({
  initialName = '',
  leadId,
  linkToShop = false,
  onCreated,
}: {
  initialName?: string;
  leadId?: number;
  /** Whether the success message links the new shop's card (for a role that may read shops). */
  linkToShop?: boolean;
  onCreated?: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState('');
  const [inn, setInn] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: () =>
      createShop({
        name: name.trim(),
        email: normalizeEmail(email),
        inn,
        ...(leadId ? { lead_id: leadId } : {}),
      }),
    onSuccess: () => {
      onCreated?.();
      void queryClient.invalidateQueries({ queryKey: staffKeys.shops });
      void queryClient.invalidateQueries({ queryKey: staffKeys.leads });
    },
    onError: (error) => {
      // A field the server refuses (an e-mail already taken, say) is shown by that field.
      if (error instanceof ApiError && isField(error.field)) {
        const next: Errors = {};
        next[error.field] = serverMessage(error);
        setErrors(next);
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = checkFields(name, email, inn);
    setErrors(next);
    if (!Object.values(next).some(Boolean)) create.mutate();
  };

  const fieldFailure = create.error instanceof ApiError && Object.values(errors).some(Boolean);
  return (
    <div className="flex flex-col gap-4">
      {create.isSuccess && (
        <Alert tone="success">
          Магазин «{create.data.shop.name}» создан. Приглашение отправлено на {create.data.invitation_sent_to}
          .
          {linkToShop && (
            <>
              {' '}
              <Link
                to={`/admin/shops/${create.data.shop.id}`}
                className="font-medium underline underline-offset-4"
              >
                Открыть карточку магазина
              </Link>
            </>
          )}
        </Alert>
      )}
      {create.isError && !fieldFailure && <Alert tone="error">{failureText(create.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Название магазина"
          name="shop-name"
          autoComplete="organization"
          value={name}
          error={errors.name}
          containerClassName="sm:col-span-2"
          onChange={(event) => setName(event.target.value)}
        />
        <Input
          label="E-mail владельца"
          name="owner-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          hint="Сюда придёт приглашение в личный кабинет"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Input
          label="ИНН"
          name="inn"
          inputMode="numeric"
          autoComplete="off"
          value={inn}
          error={errors.inn}
          onChange={(event) => setInn(normalizeInnInput(event.target.value))}
        />
        <Button
          type="submit"
          className="sm:col-span-2 sm:justify-self-start"
          loading={create.isPending}
          loadingText="Создание..."
        >
          Создать магазин
        </Button>
      </form>
    </div>
  );
}
