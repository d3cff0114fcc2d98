import { type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '../../shared/lib/cn';
import { CodeBlock } from './code-block';
import { type Example, type ExampleLanguage, LANGUAGES } from './examples';

export interface CodeTabsProps<L extends string = ExampleLanguage> {
  examples: Record<L, Example>;
  language: L;
  onLanguageChange: (language: L) => void;
  /** Names the tab list for screen readers, e.g. «Примеры: создание заказа». */
  label: string;
  /** The tabs, in order: the four languages of the raw examples unless given (the SDK section's two). */
  languages?: ReadonlyArray<{ id: L; label: string }>;
}

/**
 * One example in several languages behind ARIA tabs: arrows, Home and End move between tabs. The chosen
 * language is the page's, so every section follows the reader's choice.
 */
export function CodeTabs<L extends string = ExampleLanguage>({
  examples,
  language,
  onLanguageChange,
  label,
  languages = LANGUAGES as unknown as ReadonlyArray<{ id: L; label: string }>,
}: CodeTabsProps<L>) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = languages.findIndex((l) => l.id === language);
  const example = examples[language];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = languages.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = languages[next];
    if (!target) return;
    onLanguageChange(target.id);
    tabs.current[next]?.focus();
  }

  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="mb-2 flex gap-1 overflow-x-auto rounded-[var(--radius-control)] bg-slate-100 p-1"
      >
        {languages.map((lang, i) => {
          const selected = lang.id === language;
          return (
            <button
              key={lang.id}
              ref={(element) => {
                tabs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${lang.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onLanguageChange(lang.id)}
              className={cn(
                'min-h-9 shrink-0 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors duration-150',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {examples[lang.id].label ?? lang.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${language}`}>
        <CodeBlock code={example.code} title={example.file} />
        <p className="mt-2 text-sm text-slate-600">
          Запуск:{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-all">
            {example.run}
          </code>
        </p>
      </div>
    </div>
  );
}
