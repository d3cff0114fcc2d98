import { memo, useState } from 'react';
import { BITRIX_GUIDE_URL } from '../../shared/config/contacts';
import { CodeTabs } from './code-tabs';
import { C } from './docs-ui';
import { SDK_EXAMPLES, SDK_LANGUAGES, type SdkLanguage } from './sdk-examples';

/**
 * The SDK way beside the raw requests: @b2bpay/sdk and the PHP client, with their
 * READMEs' examples — the files their tests run against a real server. Memoised: it takes no props,
 * so the raw examples' language changes do not re-render its two tab sets.
 */
export const SdkDocs = memo(function SdkDocs() {
  const [language, setLanguage] = useState<SdkLanguage>('node');
  const tabs = { language, onLanguageChange: setLanguage, languages: SDK_LANGUAGES };
  return (
    <>
      <p>
        Вместо запросов вручную — готовые клиенты из репозитория B2BPay: <C>@b2bpay/sdk</C> для Node.js 20+ и
        браузеров (папка <C>sdks/typescript</C>, типы из OpenAPI) и клиент для PHP 8 (папка <C>sdks/php</C>,
        нужны только расширения curl и json; есть <C>composer.json</C>). Метод на каждую операцию магазина,
        сам <C>Idempotency-Key</C> для создания заказа и возврата, повтор после сетевой ошибки и ответа 429
        (после <C>Retry-After</C>), ошибки с <C>code</C>, <C>message</C> и <C>request_id</C>, проверка подписи
        вебхука одной функцией. Установка и все методы — в README каждой папки.
      </p>
      <p>
        Магазину на 1С-Битрикс код не нужен: модуль <C>b2bpay.payment</C> на этом PHP-клиенте ставится из
        «Marketplace → Установленные решения» и настраивается в «Магазин → Настройки → Платёжные системы» —{' '}
        <a
          href={BITRIX_GUIDE_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          инструкция по модулю для 1С-Битрикс (PDF)
        </a>
        .
      </p>
      <CodeTabs
        examples={SDK_EXAMPLES.quickstart}
        label="Примеры SDK: заказ, список, журнал событий"
        {...tabs}
      />
      <p>
        Приём вебхука с проверкой подписи: <C>verifyWebhook(body, headers, secret)</C> в Node.js,{' '}
        <C>Webhook::verify($body, $_SERVER, $secret)</C> в PHP.
      </p>
      <CodeTabs examples={SDK_EXAMPLES.webhook} label="Примеры SDK: приём вебхука" {...tabs} />
    </>
  );
});
