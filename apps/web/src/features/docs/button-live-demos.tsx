import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../shared/ui/alert';
import { Card } from '../../shared/ui/card';
import { Spinner } from '../../shared/ui/spinner';
import { type B2BPayGlobal, loadWidgetScript } from './widget-script';
import { DEMO_ITEMS, DEMO_SUBTEXT, webComponentMarkup } from './widget-snippets';

type ScriptState =
  | { status: 'loading' }
  | { status: 'ready'; api: B2BPayGlobal }
  | { status: 'failed'; message: string };

function useWidgetScript(): ScriptState {
  const [state, setState] = useState<ScriptState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    loadWidgetScript().then(
      (api) => alive && setState({ status: 'ready', api }),
      (error: unknown) =>
        alive &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** The B2BPay.init demo: the same call as method 2's snippet, into a container React leaves alone. */
function InitDemo({ api, apiToken }: { api: B2BPayGlobal; apiToken: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    api.init({
      container: container.current,
      apiToken,
      items: DEMO_ITEMS,
      size: 'L',
      theme: 'dark',
      subtext: DEMO_SUBTEXT,
    });
  }, [api, apiToken]);
  return <div ref={container} data-demo="init" />;
}

function DemoTile({ caption, dark, children }: { caption: string; dark?: boolean; children: ReactNode }) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div
        className={
          dark
            ? 'flex min-h-36 items-center justify-center rounded-[var(--radius-card)] bg-slate-900 p-3'
            : 'flex min-h-36 items-center justify-center rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-3'
        }
      >
        {children}
      </div>
      <figcaption className="text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}

/** The button's three live demos, with the widget script loaded for the third. */
export function LiveDemos({ apiToken }: { apiToken: string }) {
  const script = useWidgetScript();
  return (
    <Card
      title="Живые примеры"
      headingLevel="h2"
      description="Нажмите кнопку: создастся заказ, и откроется страница покупателя."
    >
      {script.status === 'loading' && (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner size={16} className="text-brand-700" />
          Загрузка виджета...
        </p>
      )}
      {script.status === 'failed' && (
        <Alert tone="error" className="mb-4">
          Не удалось загрузить скрипт виджета: {script.message}
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <DemoTile caption="Веб-компонент · размер S · тема light">
          <div
            data-demo="web-component-s"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the very markup of method 1, values escaped
            dangerouslySetInnerHTML={{
              __html: webComponentMarkup({ apiToken, size: 'S', theme: 'light' }),
            }}
          />
        </DemoTile>
        <DemoTile caption="Веб-компонент · размер M · тема light (код ниже)">
          <div
            data-demo="web-component-m"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the very markup of method 1, values escaped
            dangerouslySetInnerHTML={{
              __html: webComponentMarkup({ apiToken, size: 'M', theme: 'light' }),
            }}
          />
        </DemoTile>
        <DemoTile caption="B2BPay.init · размер L · тема dark (код ниже)" dark>
          {script.status === 'ready' ? <InitDemo api={script.api} apiToken={apiToken} /> : null}
        </DemoTile>
      </div>
    </Card>
  );
}
