import { ORDER_EVENT_LABELS, ORDER_EVENT_TYPES } from '@b2bpay/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { ALL_EVENTS, type EndpointDraft, endpointDraftError } from './endpoints-model';

/**
 * The address and the events of a webhook endpoint: «Все события» (`*`, new types too) or a choice of
 * types, each with its Russian name. Used to add an endpoint and to change one.
 */
export function EndpointForm({
  initial,
  submitText,
  busy,
  fieldError,
  onSubmit,
  onCancel,
}: {
  initial: EndpointDraft;
  submitText: string;
  busy: boolean;
  /** The server's refusal of the URL, shown under the field. */
  fieldError: string | null;
  onSubmit: (draft: EndpointDraft) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<EndpointDraft>(initial);
  const [ownError, setOwnError] = useState<string | null>(null);
  const legendId = useId();
  const all = draft.events.includes(ALL_EVENTS);

  const toggle = (event: string, on: boolean) =>
    setDraft((d) => ({ ...d, events: on ? [...d.events, event] : d.events.filter((e) => e !== event) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = endpointDraftError(draft);
    setOwnError(error);
    if (!error) onSubmit(draft);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="endpoint-form">
      <Input
        label="Адрес"
        type="url"
        inputMode="url"
        spellCheck={false}
        placeholder="https://ваш-сайт.ru/webhooks/b2bpay"
        value={draft.url}
        onChange={(e) => {
          setDraft((d) => ({ ...d, url: e.target.value }));
          setOwnError(null);
        }}
        error={fieldError ?? (ownError && !draft.url.trim() ? ownError : null)}
      />
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
        <legend id={legendId} className="mb-1 text-sm font-medium text-slate-700">
          События
        </legend>
        <label className="flex min-h-11 items-center gap-3 text-[15px] text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={all}
            onChange={(e) => toggle(ALL_EVENTS, e.target.checked)}
          />
          Все события (и новые)
        </label>
        {ORDER_EVENT_TYPES.map((type) => (
          <label key={type} className="flex min-h-11 items-center gap-3 pl-8 text-[15px] text-slate-900">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              disabled={all}
              checked={all || draft.events.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              {ORDER_EVENT_LABELS[type]} <code className="font-mono text-sm text-slate-600">{type}</code>
            </span>
          </label>
        ))}
        {ownError && draft.url.trim() && (
          <p className="text-sm text-red-700" role="alert">
            {ownError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" loading={busy} loadingText="Сохранение...">
          {submitText}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Отмена
          </Button>
        )}
      </div>
    </form>
  );
}
