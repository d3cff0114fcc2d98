import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useCountdown } from '../lib/use-countdown';
import { normalizeCodeInput } from '../model/step2';

export interface ContactWithCodeProps {
  idPrefix: string;
  /** The contact field. */
  contact: {
    name: string;
    label: string;
    type: 'tel' | 'email';
    inputMode: 'tel' | 'email';
    autoComplete: string;
    placeholder: string;
    hint: string;
    value: string;
    error?: string;
    onChange: (value: string) => void;
  };
  /** The code field, shown only after a code was requested for the current value. */
  code: {
    label: string;
    visible: boolean;
    sentTo: string | null;
    value: string;
    error?: string;
    onChange: (value: string) => void;
  };
  request: {
    sending: boolean;
    /** Epoch ms until which the button waits. */
    resendAt: number | null;
    /** A code went out before: the button offers to send it again. */
    sentBefore: boolean;
    onRequest: () => void;
  };
}

export const contactFieldId = (prefix: string) => `${prefix}-contact`;
export const codeFieldId = (prefix: string) => `${prefix}-code`;

/**
 * A phone or e-mail with its code button (60-second countdown, spec §2) and, once a code has gone
 * out, the code input: digits only, at most 6, with the one-time-code autofill hint.
 */
export function ContactWithCode({ idPrefix, contact, code, request }: ContactWithCodeProps) {
  const left = useCountdown(request.resendAt);
  const label =
    left > 0 ? `Повторно через ${left} с` : request.sentBefore ? 'Отправить код ещё раз' : 'Получить код';
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <Input
          id={contactFieldId(idPrefix)}
          name={contact.name}
          label={contact.label}
          type={contact.type}
          inputMode={contact.inputMode}
          autoComplete={contact.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={contact.placeholder}
          hint={contact.hint}
          value={contact.value}
          error={contact.error}
          onChange={(event) => contact.onChange(event.target.value)}
        />
        <Button
          variant="secondary"
          className="w-full tabular-nums sm:mt-[26px] sm:w-48"
          loading={request.sending}
          loadingText="Отправка..."
          disabled={left > 0}
          keepFocus
          onClick={request.onRequest}
        >
          {label}
        </Button>
      </div>
      {code.visible && (
        <Input
          id={codeFieldId(idPrefix)}
          name={`${contact.name}-code`}
          label={code.label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          enterKeyHint="next"
          placeholder="6 цифр"
          className="max-w-48 text-lg tracking-[0.3em] tabular-nums placeholder:text-[15px] placeholder:tracking-normal"
          hint={code.sentTo ? `Код отправлен на ${code.sentTo}` : undefined}
          value={code.value}
          error={code.error}
          onChange={(event) => code.onChange(normalizeCodeInput(event.target.value))}
        />
      )}
    </div>
  );
}
