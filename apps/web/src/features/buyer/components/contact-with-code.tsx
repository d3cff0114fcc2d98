import { Input } from '../../../shared/ui/input';
import type { Step2State } from '../lib/use-step2-state';
import { CodeInput, ResendButton } from './code-field';

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

/**
 * A phone or e-mail with its code button and, once a code has gone out, the code input: step 2's own,
 * apart from code-field.tsx, which the order page's offers part downloads too.
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
