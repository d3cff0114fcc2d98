import { type CabinetRole, ROLE_LABELS } from '@b2bpay/domain';
import { useId } from 'react';
import { controlClass } from '../../../shared/ui/input';

export function RoleSelect({
  label,
  value,
  roles,
  onChange,
  disabled,
  hideLabel = false,
}: {
  label: string;
  value: CabinetRole;
  roles: readonly CabinetRole[];
  onChange: (role: CabinetRole) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <select
        id={id}
        className={`${controlClass} border-slate-300`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as CabinetRole)}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}
