import { type CompanySuggestion, innErrorHint, normalizeInnInput } from '@b2bpay/domain';
import { type KeyboardEvent, type Ref, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { suggestCompanies } from '../api/company-suggest';
import { cn } from '../lib/cn';
import { AlertIcon } from './icons';
import { controlClass } from './input';
import { Spinner } from './spinner';

/** Spec §5, §9: suggestions are looked up 350 ms after the last keystroke. */
export const SUGGEST_DEBOUNCE_MS = 350;
export const SUGGEST_TEXTS = {
  none: 'Нет подсказок для этого ИНН',
  failed: 'Ошибка при получении подсказок',
} as const;

/**
 * The suggestions' box kept within what the buyer sees (on a phone the keyboard covers the bottom of
 * the window; the visual viewport is what is left): the page scrolls up as far as the field can go
 * and stay in view under a sticky header, and when that is not enough the box opens above the field.
 * Measured as if below the field, wherever it shows now. Returns whether it must open above.
 */
function keepInView(box: HTMLElement, field: HTMLElement): boolean {
  const view = window.visualViewport;
  const top = (view?.offsetTop ?? 0) + 8;
  const bottom = (view ? view.offsetTop + view.height : window.innerHeight) - 8;
  const below = () => field.getBoundingClientRect().bottom + 4 + box.offsetHeight;
  const over = below() - bottom;
  if (over <= 0) return false;
  const room = field.getBoundingClientRect().top - top - STICKY_HEADER_PX;
  if (room > 0) window.scrollBy({ top: Math.min(over, room), behavior: 'instant' });
  return below() > bottom;
}

/** Room left above the field for a page's sticky header (the buyer's is 57 px). */
const STICKY_HEADER_PX = 64;

type Panel =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'list'; items: CompanySuggestion[] }
  | { kind: 'empty' }
  | { kind: 'error' };

export interface InnFieldProps {
  value: string;
  error?: string;
  onChange: (inn: string) => void;
  /** A suggestion was chosen: fill INN and organization name. */
  onSelect: (suggestion: CompanySuggestion) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The INN field with company suggestions (spec §5): digits only, at most 12; a lookup 350 ms after
 * typing; a list to choose from (mouse, touch or arrows + Enter); 'Нет подсказок для этого ИНН' and
 * 'Ошибка при получении подсказок'; Escape, Tab or a click outside closes it.
 */
export function InnField({ value, error, onChange, onSelect, inputRef }: InnFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [panel, setPanel] = useState<Panel>({ kind: 'closed' });
  const [active, setActive] = useState(-1);
  const container = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [above, setAbove] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const cancelLookup = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    inFlight.current?.abort();
    inFlight.current = null;
  };

  const close = () => {
    setPanel({ kind: 'closed' });
    setActive(-1);
  };

  // Pending timers and requests die with the field.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const isOpen = panel.kind !== 'closed';
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      setPanel({ kind: 'closed' });
      setActive(-1);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const shown = panel.kind === 'list' || panel.kind === 'empty' || panel.kind === 'error';
  // Before the paint, whenever what the box shows changes: it never shows where the buyer cannot see it.
  useLayoutEffect(() => {
    const field = container.current?.querySelector('input');
    setAbove(panel.kind !== 'loading' && !!box.current && !!field && keepInView(box.current, field));
  }, [panel]);

  const lookup = async (inn: string) => {
    const controller = new AbortController();
    inFlight.current = controller;
    setPanel({ kind: 'loading' });
    setActive(-1);
    const result = await suggestCompanies(inn, controller.signal);
    if (controller.signal.aborted) return;
    inFlight.current = null;
    if (!result.success) setPanel({ kind: 'error' });
    else if (result.data.length === 0) setPanel({ kind: 'empty' });
    else setPanel({ kind: 'list', items: result.data });
  };

  const handleChange = (raw: string) => {
    const inn = normalizeInnInput(raw);
    onChange(inn);
    cancelLookup();
    if (inn === '') {
      close();
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      void lookup(inn);
    }, SUGGEST_DEBOUNCE_MS);
  };

  const choose = (suggestion: CompanySuggestion) => {
    cancelLookup();
    close();
    onSelect(suggestion);
  };

  const items = panel.kind === 'list' ? panel.items : [];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      cancelLookup();
      close();
    } else if (event.key === 'Tab') {
      close();
    } else if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter' && items.length > 0 && active >= 0) {
      event.preventDefault();
      const chosen = items[active];
      if (chosen) choose(chosen);
    }
  };

  // A checksum error's text names the length («(10 цифр)»); the hint says which is wrong.
  const errorHint = innErrorHint(error);
  const describedBy = error ? `${errorId}${errorHint ? ` ${hintId}` : ''}` : hintId;
  return (
    <div ref={container} className="relative flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        ИНН
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name="inn"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={items.length > 0 ? listId : undefined}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required="true"
          placeholder="10 или 12 цифр"
          value={value}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(
            controlClass,
            'pr-10 tabular-nums tracking-wide',
            error
              ? 'border-red-600 focus:border-red-600'
              : 'border-slate-300 hover:border-slate-400 focus:border-brand-600',
          )}
        />
        {panel.kind === 'loading' && (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-brand-700">
            <Spinner size={18} />
          </span>
        )}
        {shown && (
          <div
            ref={box}
            data-placement={above ? 'above' : 'below'}
            className={cn(
              'absolute inset-x-0 z-20 overflow-hidden rounded-[var(--radius-control)] border border-slate-200 bg-white shadow-lg shadow-slate-900/10',
              above ? 'bottom-full mb-1' : 'top-full mt-1',
            )}
          >
            {panel.kind === 'list' ? (
              <div
                id={listId}
                role="listbox"
                aria-label="Организации с таким ИНН"
                className="max-h-72 overflow-y-auto py-1"
              >
                {panel.items.map((item, index) => (
                  // The input keeps the focus (aria-activedescendant); options answer pointer and touch.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled on the combobox
                  <div
                    tabIndex={-1}
                    key={`${item.inn}-${item.value}`}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(item)}
                    className={cn(
                      'flex min-h-11 cursor-pointer flex-col justify-center px-3 py-2',
                      index === active ? 'bg-brand-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <span className="text-[15px] font-medium break-words text-slate-900">{item.value}</span>
                    <span className="text-sm text-slate-600 tabular-nums">ИНН {item.inn}</span>
                  </div>
                ))}
              </div>
            ) : (
              <p
                role="status"
                className={cn(
                  'flex items-center gap-2 px-3 py-3 text-sm',
                  panel.kind === 'error' ? 'text-red-700' : 'text-slate-600',
                )}
              >
                {panel.kind === 'error' && <AlertIcon size={16} className="shrink-0" />}
                {panel.kind === 'error' ? SUGGEST_TEXTS.failed : SUGGEST_TEXTS.none}
              </p>
            )}
          </div>
        )}
      </div>
      {error ? (
        <>
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
          {errorHint && (
            <p id={hintId} className="text-sm text-slate-600">
              {errorHint}
            </p>
          )}
        </>
      ) : (
        <p id={hintId} className="text-sm text-slate-600">
          Начните вводить ИНН — подскажем название организации
        </p>
      )}

      {panel.kind === 'list' && (
        <p role="status" className="sr-only">
          {`Найдено организаций: ${panel.items.length}. Выберите стрелками и нажмите Enter.`}
        </p>
      )}
    </div>
  );
}
