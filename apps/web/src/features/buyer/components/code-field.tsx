import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useCountdown } from '../lib/use-countdown';
import type { Step2State } from '../lib/use-step2-state';
import { normalizeCodeInput } from '../model/step2';

/** The words of one contact: its label, placeholder and hint, and its code's label. */
export type ContactTexts = [label: string, placeholder: string, hint: string, codeLabel: string];

export interface ContactWithCodeProps {
  /** Step 2's state: the contact's value, code, cooldown and errors are read by `name` from it. */
  state: Step2State;
  /** Its input's id is `${prefix}-${name}`, its code's `${prefix}-${name}Code`, as the state focuses them. */
  name: 'phone' | 'email';
  /** The input's type, input mode and autocomplete token alike. */
  type: 'tel' | 'email';
  texts: ContactTexts;
  /** The code field, shown only after a code was requested for the current value. */
  codeVisible: boolean;
  /** Where the code went, as the buyer reads it. */
  sentTo: string | null;
  sending: boolean;
  /** A code went out before: the button offers to send it again. */
  sentBefore: boolean;
  onRequest: () => void;
}

/**
 * A phone or e-mail with its code button (60-second countdown, spec §2) and, once a code has gone
 * out, the code input: digits only, at most 6, with the one-time-code autofill hint.
 */
export function ContactWithCode(props: ContactWithCodeProps) {
  const { state, name, type, sending, sentBefore } = props;
  const { data, errors, edit, prefix } = state;
  const [label, placeholder, hint, codeLabel] = props.texts;
  const code = `${name}Code` as const;
  const left = useCountdown(data[`${name}ResendAt`]);
  const buttonText =
    left > 0 ? `Повторно через ${left} с` : sentBefore ? 'Отправить код ещё раз' : 'Получить код';
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <Input
          id={`${prefix}-${name}`}
          name={name}
          label={label}
          type={type}
          inputMode={type}
          autoComplete={type}
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={placeholder}
          hint={hint}
          value={data[name]}
          error={errors[name]}
          onChange={(event) => edit({ [name]: event.target.value }, name, code)}
        />
        <Button
          variant="secondary"
          className="w-full tabular-nums sm:mt-[26px] sm:w-48"
          loading={sending}
          loadingText="Отправка..."
          disabled={left > 0}
          keepFocus
          onClick={props.onRequest}
        >
          {buttonText}
        </Button>
      </div>
      {props.codeVisible && (
        <Input
          id={`${prefix}-${code}`}
          name={`${name}-code`}
          label={codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          enterKeyHint="next"
          placeholder="6 цифр"
          className="max-w-48 text-lg tracking-[0.3em] tabular-nums placeholder:text-[15px] placeholder:tracking-normal"
          hint={props.sentTo ? `Код отправлен на ${props.sentTo}` : undefined}
          value={data[code]}
          error={errors[code]}
          onChange={(event) => edit({ [code]: normalizeCodeInput(event.target.value) }, code)}
        />
      )}
    </div>
  );
}
