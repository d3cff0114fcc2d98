import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Input } from '../../../shared/ui/input';
import { type ShopSettings, updateSettings } from '../shared/api/shop-api';
import { shopKeys } from '../shared/api/shop-queries';
import { checkWidgetOrigin, originsFieldError } from './settings-model';

export const ORIGINS_SAVE_FAILED = 'Не удалось сохранить список сайтов. Попробуйте ещё раз.';

/**
 * The sites (`https://…` origins) the publishable key may be used from. A site is checked as
 * the server checks it; each addition or removal saves the whole list at once.
 */
export function WidgetOriginsCard({ settings }: { settings: ShopSettings }) {
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const origins = settings.widget_origins;
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: (list: string[]) => updateSettings({ widget_origins: list }, token),
    onMutate: () => {
      setSaved(false);
      setFailure(null);
    },
    onSuccess: (next, list) => {
      queryClient.setQueryData(shopKeys.settings, next);
      if (list.length > origins.length) setTyped(''); // an addition: the field is done
      setSaved(true);
    },
    onError: (error) => {
      setSaved(false);
      const underField = originsFieldError(error);
      setFieldError(underField);
      setFailure(underField ? null : (serverMessage(error) ?? ORIGINS_SAVE_FAILED));
    },
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWidgetOrigin(typed, origins);
    if ('error' in checked) {
      setSaved(false); // the last save's confirmation must not stand beside this error
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    save.mutate([...origins, checked.origin]);
  };

  const remove = (origin: string) => save.mutate(origins.filter((o) => o !== origin));

  return (
    <Card
      title="Сайты кнопки рассрочки"
      description="С каких сайтов можно создавать заказы публичным ключом. Пустой список — с любых."
    >
      <div className="flex flex-col gap-4" data-testid="widget-origins">
        {origins.length === 0 ? (
          <p className="text-[15px] text-slate-700">
            Сайты не указаны: публичный ключ работает с любого сайта.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200" aria-label="Сайты кнопки рассрочки">
            {origins.map((origin) => (
              <li key={origin} className="flex items-center justify-between gap-3 py-2">
                <code className="min-w-0 font-mono text-[15px] break-all text-slate-900">{origin}</code>
                <Button
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => remove(origin)}
                  aria-label={`Убрать ${origin}`}
                >
                  Убрать
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Input
            label="Адрес сайта"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://ваш-сайт.ru"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setFieldError(null);
            }}
            error={fieldError}
            containerClassName="sm:flex-1"
          />
          <Button type="submit" className="sm:mt-7" loading={save.isPending} loadingText="Сохранение...">
            Добавить
          </Button>
        </form>
        <div aria-live="polite" className="empty:hidden">
          {saved && !fieldError && !failure && <Alert tone="success">Список сайтов сохранён.</Alert>}
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </Card>
  );
}
