import { DEMO_SHOP } from '@b2bpay/domain';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { buttonClass } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { CodeIcon } from '../../shared/ui/icons';
import { Input } from '../../shared/ui/input';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { ButtonGuide } from './button-guide';
import { LiveDemos } from './button-live-demos';
import { C } from './docs-ui';
import { useWidgetKey } from './use-widget-key';

export const DEMO_TOKEN_NOTICE =
  'Используется демо токен. Для работы с вашим магазином замените его на ваш токен.';

/** Button widget documentation (spec §2): live demos, both methods with copyable snippets, parameters. */
export default function ButtonDemoPage() {
  usePageMeta({
    title: 'Кнопка рассрочки для сайта',
    description:
      'Кнопка «Купить в рассрочку» B2BPay для интернет-магазина: веб-компонент или B2BPay.init, живые примеры и параметры.',
  });
  const { shopId } = useParams();
  const { token } = useAuth();
  const [apiToken, setApiToken] = useWidgetKey(shopId, token);
  const isDemoKey = apiToken.trim() === DEMO_SHOP.publishableKey;
  // Spec §2: the demo notice when there is no shop or no stored token — and when the shop's own key
  // could not be found, since the demo key is then what the snippets carry. The demo shop's own area
  // uses the demo key as its real key, without the notice.
  const ownDemoShop = shopId === DEMO_SHOP.id && Boolean(token);
  const showDemoNotice = isDemoKey && !ownDemoShop;
  const apiDocs = shopId ? `/shops/${encodeURIComponent(shopId)}/api-docs` : '/shops/api-docs';

  return (
    <PageContainer>
      <PageHeader
        title="Кнопка «Купить в рассрочку»"
        subtitle="Виджет для сайта магазина: покупатель нажимает кнопку, заказ создаётся, и покупатель переходит к заявке."
        backTo={shopId ? `/shops/${encodeURIComponent(shopId)}` : undefined}
        actions={
          <Link to={apiDocs} className={buttonClass('secondary')}>
            <CodeIcon size={18} />
            REST API
          </Link>
        }
      />

      <div className="flex flex-col gap-8 sm:gap-10">
        {showDemoNotice && <Alert tone="warning">{DEMO_TOKEN_NOTICE}</Alert>}

        <Card title="Ключ для кнопки" headingLevel="h2">
          <Input
            label="Публикуемый ключ (api-token)"
            value={apiToken}
            onChange={(event) => setApiToken(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-sm"
            hint={
              <>
                Ключ <C>pk_…</C> из личного кабинета: примеры и код ниже подставят его. Секретный ключ{' '}
                <C>sk_…</C> в код страницы не вставляйте — его увидит любой посетитель.
              </>
            }
          />
        </Card>

        <LiveDemos apiToken={apiToken} />

        <ButtonGuide apiToken={apiToken} apiDocs={apiDocs} />
      </div>
    </PageContainer>
  );
}
