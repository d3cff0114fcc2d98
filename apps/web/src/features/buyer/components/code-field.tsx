import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useCountdown } from '../lib/use-countdown';
import type { Step2State } from '../lib/use-step2-state';
import { normalizeCodeInput } from '../model/code-input';

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
  /** Until when (epoch ms) a code to the contact as typed must wait, if it must: the number's wait. */
  resendAt: number | undefined;
  /** How the field shows what is typed (the phone's +7 mask), or as typed. */
  format?: (raw: string) => string;
  onRequest: () => void;
  /** The code as typed, after the form has it (checked once it has six digits). */
  onCode: (code: string) => void;
}

export interface CodeInputProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  /** What the phone keyboard's Enter key says: the next field, or the form's last step. */
  enterKeyHint?: 'next' | 'done';
  /** The typed text kept to digits, at most 6. */
  onCode: (code: string) => void;
}

/** A code from an SMS or a letter: digits only, at most 6, with the one-time-code autofill hint. */
export function CodeInput({ onCode, ...props }: CodeInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      enterKeyHint="next"
      placeholder="6 цифр"
      className="max-w-48 text-lg tracking-[0.3em] tabular-nums placeholder:text-[15px] placeholder:tracking-normal"
      {...props}
      onChange={(event) => onCode(normalizeCodeInput(event.target.value))}
    />
  );
}

export interface ResendButtonProps {
  /** Until when (epoch ms) the next code must wait, or null. */
  resendAt: number | null;
  sending: boolean;
  /** A code went out before: the button offers to send it again. */
  sentBefore: boolean;
  className: string;
  onClick: () => void;
}

/** The code button with its 60-second countdown (spec §2); it keeps the focus while it waits. */
export function ResendButton(props: ResendButtonProps) {
  const left = useCountdown(props.resendAt);
  return (
    <Button
      variant="secondary"
      className={props.className}
      loading={props.sending}
      loadingText="Отправка..."
      disabled={left > 0}
      keepFocus
      onClick={props.onClick}
    >
      {left > 0 ? `Повторно через ${left} с` : props.sentBefore ? 'Отправить код ещё раз' : 'Получить код'}
    </Button>
  );
}

/**
 * A phone or e-mail with its code button and, once a code has gone out, the code input.
 */
export function ContactWithCode(props: ContactWithCodeProps) {
  const { state, name, type, format = (raw: string) => raw } = props;
  const { data, errors, edit, prefix } = state;
  const [label, placeholder, hint, codeLabel] = props.texts;
  const code = `${name}Code` as const;
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
          value={format(data[name])}
          error={errors[name]}
          onChange={(event) => edit({ [name]: format(event.target.value) }, name, code)}
        />
        <ResendButton
          resendAt={props.resendAt ?? null}
          sending={props.sending}
          sentBefore={props.sentBefore}
          className="w-full tabular-nums sm:mt-[26px] sm:w-48"
          onClick={props.onRequest}
        />
      </div>
      {props.codeVisible && (
        <CodeInput
          id={`${prefix}-${code}`}
          name={`${name}-code`}
          label={codeLabel}
          hint={props.sentTo ? `Код отправлен на ${props.sentTo}` : undefined}
          value={data[code]}
          error={errors[code]}
          onCode={(value) => {
            edit({ [code]: value }, code);
            props.onCode(value);
          }}
        />
      )}
    </div>
  );
}
