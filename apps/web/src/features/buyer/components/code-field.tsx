import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useCountdown } from '../lib/use-countdown';
import { normalizeCodeInput } from '../model/code-input';

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
