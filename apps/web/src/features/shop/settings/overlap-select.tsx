import { useId } from 'react';
import { controlClass } from '../../../shared/ui/input';
import { ROTATION_OVERLAPS } from './settings-model';

/**
 * «сразу / через 1 час / через 24 часа / через 7 дней»: how long the old key or signing
 * secret keeps working after a rotation, as `expire_old_in_seconds`.
 */
export function OverlapSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  return (
    <div className="mt-4 flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className={`${controlClass} border-slate-300`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {ROTATION_OVERLAPS.map((option) => (
          <option key={option.seconds} value={option.seconds}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
