import { setShopMode } from '../../../../shared/api/shop-mode';
import { useShopMode } from '../../../../shared/auth/use-shop-mode';
import { Switch } from '../../../../shared/ui/switch';
import { TEST_MODE_TEXT } from './mode-badge';

/**
 * «Тестовый режим» on a session (DESIGN §16): on — the shop's test data and keys, sandbox banks; off —
 * the live shop. The choice is kept per browser; the shop layout drops what the other mode showed.
 */
export function ModeSwitch() {
  const mode = useShopMode();
  return (
    <Switch
      label={TEST_MODE_TEXT}
      checked={mode === 'test'}
      onChange={(on) => setShopMode(on ? 'test' : 'live')}
    />
  );
}
