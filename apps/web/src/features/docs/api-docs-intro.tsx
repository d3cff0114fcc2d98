import { Link } from 'react-router';
import { type DocsProps, InfoCard, link, titleOf } from './api-docs-parts';
import { C, DocSection } from './docs-ui';
import { SandboxRules } from './sandbox-rules';

export function OverviewSection({ origin }: DocsProps) {
  return (
    <DocSection id="overview" title={titleOf('overview')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <InfoCard title="Базовый адрес">
          <C>{origin}</C>, все пути начинаются с <C>/api</C>
        </InfoCard>
        <InfoCard title="Формат">JSON в UTF-8; суммы — в рублях числом, до 2 знаков: 350.1</InfoCard>
        <InfoCard title="Авторизация">
          Заголовок <C>Authorization: Bearer &lt;ключ&gt;</C>
        </InfoCard>
        <InfoCard title="Лимит">100 запросов в минуту на ключ; сверх — ответ 429 и Retry-After</InfoCard>
        <InfoCard title="Тестовый и боевой режим">
          Ключи <C>sk_test_…</C>/<C>pk_test_…</C> создают тестовые заказы: их решают банки-песочницы, деньги
          не движутся. <C>sk_live_…</C>/<C>pk_live_…</C> — настоящие заказы и банки. У режимов свои заказы,
          настройки, вебхуки, статистика и журнал событий; в каждом заказе и вебхуке — <C>livemode</C>.
        </InfoCard>
      </div>
      <p>
        Все операции, их поля и события вебхуков —{' '}
        <a href="/api/docs" target="_blank" rel="noopener noreferrer" className={link}>
          в справочнике API (/api/docs)
        </a>
        ; то же для программ и генераторов клиентов —{' '}
        <a href="/api/openapi.json" target="_blank" rel="noopener noreferrer" className={link}>
          OpenAPI 3.1 (/api/openapi.json)
        </a>
        . Ниже — то, что нужно для интеграции, с примерами на cURL, Python, Node.js и PHP. Примеры — готовые
        файлы: при любом ответе, кроме 200, они печатают статус и тело ответа. То же через готовые клиенты — в
        разделе{' '}
        <a href="#sdk" className={link}>
          SDK для Node.js и PHP
        </a>
        .
      </p>
    </DocSection>
  );
}

export function StepsSection({ buttonDemo }: DocsProps) {
  return (
    <DocSection id="steps" title={titleOf('steps')}>
      <ol className="grid gap-3 sm:grid-cols-2">
        {[
          [
            'Получите ключи',
            'В личном кабинете: секретный sk_… для сервера, публикуемый pk_… для кнопки и секрет вебхуков whsec_… — ' +
              'тестовые (sk_test_…) для отладки и боевые (sk_live_…) для настоящих заказов.',
          ],
          [
            'Создайте заказ',
            'POST /api/order/orders с товарами. В ответе — id заказа и link, ссылка для покупателя.',
          ],
          [
            'Отправьте покупателя по ссылке',
            'Откройте link на своём сайте, пришлите её письмом или покажите QR-код. Покупатель заполнит заявку за 3 минуты.',
          ],
          [
            'Следите за статусом',
            'Вебхуки придут на ваш адрес при каждой смене статуса; GET /api/order/orders/{id} покажет заказ в любой момент.',
          ],
        ].map(([title, text], i) => (
          <li
            key={title}
            className="flex gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p>
        Без своего сервера заказ создаёт{' '}
        <Link to={buttonDemo} className={link}>
          кнопка «Купить в рассрочку»
        </Link>
        .
      </p>
      <SandboxRules />
    </DocSection>
  );
}
