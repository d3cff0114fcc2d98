import { StatusBadge } from '../../../shared/ui/status-badge';

/** A suspended shop is marked wherever it is listed: words on a red tint, never colour alone. */
export function SuspendedBadge() {
  return <StatusBadge label="Приостановлен" color="#DC143C" />;
}
