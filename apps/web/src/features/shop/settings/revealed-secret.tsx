import type { ReactNode } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { CopyableValue } from '../../../shared/ui/copyable-value';

/** A secret shown once, right after it was issued, with a copy button. */
export function Revealed({ label, value, note }: { label: string; value: string; note: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="revealed-secret">
      <Alert tone="warning">{note}</Alert>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="-mt-1">
        <CopyableValue value={value} />
      </div>
    </div>
  );
}
