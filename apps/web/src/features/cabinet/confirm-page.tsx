import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmSignup } from '../../shared/api/cabinet-api';
import { startSession } from '../../shared/auth/cabinet-session';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { buttonClass } from '../../shared/ui/button';
import { LoadingState } from '../../shared/ui/spinner';
import { CABINET_TEXTS } from './cabinet-form';
import { CabinetCard, failureText } from './cabinet-ui';
import { KeyReveal } from './secret-key-reveal';

const linkClass = 'font-medium text-brand-700 underline underline-offset-4';

/**
 * /cabinet/confirm?token=: confirms the e-mail, which makes the shop, its keys and its owner and logs
 * the owner in; the live keys and, below, the test mode's (DESIGN §16) are shown here, the secret
 * ones once.
 */
export default function ConfirmPage() {
  usePageMeta({ title: 'Подтверждение регистрации' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmSignup(token),
    onSuccess: (answer) => startSession(queryClient, answer),
  });
  // The link is single-use: it is sent once, whatever re-runs the effect (React's strict mode does).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate();
  }, [token, confirm]);

  if (!token) {
    return (
      <CabinetCard title="Подтверждение регистрации">
        <Alert tone="error">{CABINET_TEXTS.linkMissing}</Alert>
      </CabinetCard>
    );
  }
  if (confirm.isError) {
    return (
      <CabinetCard title="Подтверждение регистрации">
        <Alert tone="error">{failureText(confirm.error)}</Alert>
        <p className="text-[15px] text-slate-700">
          Если вы уже подтвердили адрес,{' '}
          <Link to="/cabinet/login" className={linkClass}>
            войдите
          </Link>
          . Ссылка устарела —{' '}
          <Link to="/cabinet/signup" className={linkClass}>
            зарегистрируйтесь ещё раз
          </Link>
          .
        </p>
      </CabinetCard>
    );
  }
  if (!confirm.data) {
    return (
      <CabinetCard title="Подтверждение регистрации">
        <LoadingState text="Подтверждаем адрес..." />
      </CabinetCard>
    );
  }

  const shop = confirm.data.created_shop;
  return (
    <CabinetCard title="Магазин создан">
      <Alert tone="success">
        Адрес подтверждён, магазин «{shop.name}» создан. Вы вошли как {confirm.data.user.email}.
      </Alert>
      <section aria-labelledby="live-keys" className="flex flex-col gap-4">
        <h2 id="live-keys" className="text-lg font-semibold text-slate-900">
          Ключи боевого режима
        </h2>
        <KeyReveal label="Секретный ключ" value={shop.secret_key} once />
        <KeyReveal label="Публикуемый ключ (для кнопки на сайте)" value={shop.publishable_key} once={false} />
      </section>
      <section aria-labelledby="test-keys" className="flex flex-col gap-4">
        <h2 id="test-keys" className="text-lg font-semibold text-slate-900">
          Ключи тестового режима
        </h2>
        <p className="text-[15px] text-slate-700">
          Для проверки интеграции: заказы с этими ключами видны только в тестовом режиме, решения по ним
          принимают банки-песочницы, деньги не движутся. Тестовый секретный ключ тоже показывается только
          сейчас.
        </p>
        <KeyReveal label="Тестовый секретный ключ" value={shop.test_secret_key} once={false} />
        <KeyReveal label="Тестовый публикуемый ключ" value={shop.test_publishable_key} once={false} />
      </section>
      <Link to={`/shops/${encodeURIComponent(shop.id)}`} className={buttonClass('primary')}>
        Перейти в кабинет магазина
      </Link>
    </CabinetCard>
  );
}
