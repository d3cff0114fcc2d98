import { cn } from '../../../shared/lib/cn';

const STEPS = ['Данные организации', 'Подтверждение контактов'] as const;

/** 'Шаг 1 из 2' with a two-part progress bar (the bar repeats the text, so it is hidden from readers). */
export function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-brand-700">
        Шаг {step} из {STEPS.length}
      </p>
      <ol className="grid grid-cols-2 gap-2" aria-hidden="true">
        {STEPS.map((label, index) => (
          <li key={label} className="flex flex-col gap-1.5">
            <span
              className={cn(
                'h-1.5 rounded-full transition-colors duration-200',
                index < step ? 'bg-brand-700' : 'bg-slate-200',
              )}
            />
            <span
              className={cn('hidden text-xs sm:block', index < step ? 'text-slate-700' : 'text-slate-500')}
            >
              {label}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
