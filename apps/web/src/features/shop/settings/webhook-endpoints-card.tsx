import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { LoadingState } from '../../../shared/ui/spinner';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../shared/api/shop-api';
import { shopKeys, useWebhookEndpoints } from '../shared/api/shop-queries';
import { EndpointForm } from './endpoint-form';
import { endpointBody, eventsText, NEW_ENDPOINT, statusText } from './endpoints-model';
import { Revealed } from './revealed-secret';
import { urlFieldError } from './settings-model';

export const ENDPOINT_FAILED = 'Не удалось сохранить адрес. Попробуйте ещё раз.';
const SECRET_NOTE =
  'Секрет показывается один раз: скопируйте его на свой сервер. Им подписан каждый вебхук на этот адрес.';

type Editing = { kind: 'new' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

/**
 * The shop's webhook endpoints: each its own address, events and signing secret. Add, change,
 * disable, delete (after a confirmation); a new secret is shown once, with a copy button.
 */
export function WebhookEndpointsCard() {
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<Editing>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ id: string; value: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: shopKeys.endpoints });
    // The legacy endpoint is the settings' webhook_url.
    void queryClient.invalidateQueries({ queryKey: shopKeys.settings });
  };
  const fail = (error: unknown) => {
    const underField = urlFieldError(error);
    setFieldError(underField);
    setFailure(underField ? null : (serverMessage(error) ?? ENDPOINT_FAILED));
  };
  const start = () => {
    setFailure(null);
    setFieldError(null);
  };

  const save = useMutation({
    mutationFn: (v: { id: string | null; body: ReturnType<typeof endpointBody> }) =>
      v.id ? updateWebhookEndpoint(v.id, v.body, token) : createWebhookEndpoint(v.body, token),
    onMutate: start,
    onSuccess: (saved) => {
      setEditing(null);
      if (saved.secret) setSecret({ id: saved.id, value: saved.secret });
      refresh();
    },
    onError: fail,
  });
  const toggle = useMutation({
    mutationFn: (e: WebhookEndpoint) =>
      updateWebhookEndpoint(e.id, { disabled: e.status === 'enabled' }, token),
    onMutate: start,
    onSuccess: refresh,
    onError: fail,
  });
  const rotate = useMutation({
    mutationFn: (e: WebhookEndpoint) => rotateWebhookEndpointSecret(e.id, token),
    onMutate: start,
    onSuccess: (next) => {
      if (next.secret) setSecret({ id: next.id, value: next.secret });
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (e: WebhookEndpoint) => deleteWebhookEndpoint(e.id, token),
    onMutate: start,
    onSuccess: (_, e) => {
      setDeleting(null);
      if (secret?.id === e.id) setSecret(null);
      refresh();
    },
    onError: (error) => {
      setDeleting(null);
      fail(error);
    },
  });

  const items = endpoints.data?.items ?? [];
  return (
    <Card
      title="Адреса вебхуков"
      description="Несколько адресов — например, учётная система и CRM: у каждого свои события и свой секрет подписи."
    >
      <div className="flex flex-col gap-4" data-testid="webhook-endpoints">
        {endpoints.isPending && <LoadingState text="Загрузка адресов..." />}
        {endpoints.isError && <Alert tone="error">Не удалось загрузить адреса вебхуков.</Alert>}
        {endpoints.isSuccess && items.length === 0 && (
          <p className="text-[15px] text-slate-700">Адресов пока нет: вебхуки никуда не отправляются.</p>
        )}
        {items.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-200" aria-label="Адреса вебхуков">
            {items.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-col gap-3 py-3" data-testid="endpoint-row">
                {editing?.kind === 'edit' && editing.endpoint.id === endpoint.id ? (
                  <EndpointForm
                    initial={{ url: endpoint.url, events: endpoint.enabled_events }}
                    submitText="Сохранить"
                    busy={save.isPending}
                    fieldError={fieldError}
                    onSubmit={(draft) => save.mutate({ id: endpoint.id, body: endpointBody(draft) })}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <EndpointRow
                    endpoint={endpoint}
                    busy={toggle.isPending || rotate.isPending}
                    onEdit={() => {
                      start();
                      setEditing({ kind: 'edit', endpoint });
                    }}
                    onToggle={() => toggle.mutate(endpoint)}
                    onRotate={() => rotate.mutate(endpoint)}
                    onDelete={() => setDeleting(endpoint)}
                  />
                )}
                {secret?.id === endpoint.id && (
                  <Revealed label="Секрет подписи" value={secret.value} note={SECRET_NOTE} />
                )}
              </li>
            ))}
          </ul>
        )}
        {editing?.kind === 'new' ? (
          <EndpointForm
            initial={NEW_ENDPOINT}
            submitText="Добавить адрес"
            busy={save.isPending}
            fieldError={fieldError}
            onSubmit={(draft) => save.mutate({ id: null, body: endpointBody(draft) })}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                start();
                setEditing({ kind: 'new' });
              }}
            >
              Добавить адрес
            </Button>
          </div>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Удалить адрес вебхука?"
        confirmText="Удалить"
        busyText="Удаление..."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {`На ${deleting?.url ?? 'этот адрес'} больше не будут приходить вебхуки; ещё не отправленные доставки на него отменятся.`}
      </ConfirmDialog>
    </Card>
  );
}

function EndpointRow({
  endpoint,
  busy,
  onEdit,
  onToggle,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const enabled = endpoint.status === 'enabled';
  return (
    <>
      <div className="min-w-0">
        <code className="font-mono text-[15px] break-all text-slate-900">{endpoint.url}</code>
        <p className="mt-1 text-sm text-slate-700">
          <span className={enabled ? 'font-medium text-green-800' : 'font-medium text-slate-600'}>
            {statusText(endpoint)}
          </span>
          {endpoint.legacy && ' · адрес по умолчанию из настроек'}
          {' · '}
          {eventsText(endpoint.enabled_events)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Изменить ${endpoint.url}`}>
          Изменить
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={onToggle}
          aria-label={`${enabled ? 'Отключить' : 'Включить'} ${endpoint.url}`}
        >
          {enabled ? 'Отключить' : 'Включить'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={onRotate}
          aria-label={`Новый секрет для ${endpoint.url}`}
        >
          Новый секрет
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} aria-label={`Удалить ${endpoint.url}`}>
          Удалить
        </Button>
      </div>
    </>
  );
}
