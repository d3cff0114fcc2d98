import { type FormEvent, useId, useState } from 'react';
import { cn } from '../../../shared/lib/cn';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { controlClass } from '../../../shared/ui/input';
import type { Lead } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { failureText } from '../admin-ui';
import { useLeadPatch } from './use-lead-patch';

export const NOTE_REQUIRED = 'Заметка не может быть пустой';
const NOTE_MAX = 2000;

/** The lead's notes, oldest first as a conversation reads, and one more. */
export function LeadNotes({ lead }: { lead: Lead }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const patch = useLeadPatch(lead.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (note === '') {
      setError(NOTE_REQUIRED);
      return;
    }
    setError(undefined);
    patch.mutate({ note }, { onSuccess: () => setText('') });
  };

  return (
    <Card title="Заметки">
      {lead.notes.length === 0 ? (
        <p className="text-[15px] text-slate-600">Заметок пока нет.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Заметки">
          {lead.notes.map((note, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are only ever appended, so a place names one note
              key={`${note.created_at}-${index}`}
              className="flex flex-col gap-1 py-3 first:pt-0 text-[15px]"
            >
              <p className="break-words whitespace-pre-line text-slate-900">{note.text}</p>
              <p className="text-sm break-words text-slate-600 tabular-nums">
                {note.author} · {moscowDateTime(note.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4"
      >
        {patch.isError && <Alert tone="error">{failureText(patch.error)}</Alert>}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            Новая заметка
          </label>
          <textarea
            id={id}
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(
              controlClass,
              'py-2.5',
              error
                ? 'border-red-600 focus:border-red-600'
                : 'border-slate-300 hover:border-slate-400 focus:border-brand-600',
            )}
            onChange={(event) => setText(event.target.value)}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          loading={patch.isPending}
          loadingText="Сохранение..."
        >
          Добавить заметку
        </Button>
      </form>
    </Card>
  );
}
