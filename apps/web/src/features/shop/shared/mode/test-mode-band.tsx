import { AlertIcon } from '../../../../shared/ui/icons';

export const TEST_MODE_BAND =
  'Тестовый режим — заказы не настоящие, решения принимают банки-песочницы, деньги не движутся.';

/** The band at the top of every shop page in test mode (amber-900 on amber-50: well above 4.5:1). */
export function TestModeBand() {
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-amber-900" data-testid="test-mode-band">
      <p className="mx-auto flex max-w-[1120px] items-start gap-2 px-4 py-2.5 text-sm font-medium sm:px-6">
        <AlertIcon size={16} className="mt-0.5 shrink-0" />
        <span>{TEST_MODE_BAND}</span>
      </p>
    </div>
  );
}
