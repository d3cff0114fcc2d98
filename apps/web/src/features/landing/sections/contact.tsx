import { cleanText, isValidPhone } from '@b2bpay/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { PRIVACY_POLICY_URL, TELEGRAM_URL } from '../../../shared/config/contacts';
import { cn } from '../../../shared/lib/cn';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClass } from '../../../shared/ui/button';
import { CheckIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { CONTACT, ENQUIRY_FORM_ID, SECTION_IDS } from '../content';
import { sendEnquiry } from '../enquiry';
import { TelegramIcon } from '../landing-icons';

type FormState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'done'; ok: boolean; message: string };

/** Spec §4 "Landing contact form": idle → 'Отправка...' → a green success (fields cleared) or a red error. */
export function EnquiryForm() {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ phase: 'idle' });
  const started = useRef(false);
  const answer = useRef<HTMLDivElement>(null);
  // The button is busy while sending, which drops the focus: the answer takes it, so a keyboard or
  // screen-reader user lands on what happened instead of the page's start.
  useEffect(() => {
    if (state.phase === 'done') answer.current?.focus();
  }, [state]);

  // form_start: the first time the visitor touches the form.
  const onStart = () => {
    if (started.current) return;
    started.current = true;
    reachGoal(GOALS.FORM_START);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.phase === 'submitting') return;
    // Only spaces or invisible characters (zero-width, soft hyphen, bidi controls) are no name: the
    // server's contract cleans the value the same way and answers with this text.
    if (cleanText(name) === '') {
      setNameError(CONTACT.nameRequired);
      setState({ phase: 'idle' });
      event.currentTarget.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
      return;
    }
    // The same rule as the server's (packages/domain phone.ts): 'abc' or '1' is never sent as a phone.
    if (!isValidPhone(phone.trim())) {
      setPhoneError(phone.trim() === '' ? CONTACT.phoneRequired : CONTACT.phoneInvalid);
      setState({ phase: 'idle' });
      event.currentTarget.querySelector<HTMLInputElement>('input[name="phone"]')?.focus();
      return;
    }
    setState({ phase: 'submitting' });
    const sentName = cleanText(name);
    const outcome = await sendEnquiry({ name: sentName, phone: phone.trim() });
    if (outcome.ok) {
      setName('');
      setPhone('');
      reachGoal(GOALS.FORM_SUBMIT_SUCCESS, {
        source: 'landing_page',
        name: sentName,
        timestamp: new Date().toISOString(),
      });
    }
    setState({ phase: 'done', ok: outcome.ok, message: outcome.message });
  };

  const submitting = state.phase === 'submitting';
  return (
    <form
      id={ENQUIRY_FORM_ID}
      // Our own Russian errors, not the browser's bubble for `required` (in the browser's language).
      noValidate
      onSubmit={onSubmit}
      onFocus={onStart}
      aria-labelledby="enquiry-form-title"
      className="scroll-mt-[4.25rem] rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8"
    >
      <h3 id="enquiry-form-title" className="text-xl font-semibold text-slate-900">
        {CONTACT.formTitle}
      </h3>
      <div className="mt-6 space-y-4">
        <Input
          label={CONTACT.nameLabel}
          name="name"
          type="text"
          autoComplete="name"
          placeholder={CONTACT.namePlaceholder}
          required
          maxLength={255}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
        />
        <Input
          label={CONTACT.phoneLabel}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={CONTACT.phonePlaceholder}
          required
          maxLength={32}
          value={phone}
          error={phoneError}
          onChange={(event) => {
            setPhone(event.target.value);
            setPhoneError(null);
          }}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="mt-6 w-full"
        loading={submitting}
        loadingText={CONTACT.submitting}
      >
        {CONTACT.submit}
      </Button>
      {state.phase === 'done' && (
        <div ref={answer} tabIndex={-1} className="mt-4 outline-none">
          <Alert tone={state.ok ? 'success' : 'error'}>{state.message}</Alert>
        </div>
      )}
      <p className="mt-4 text-sm leading-relaxed text-slate-600">
        {CONTACT.consentBefore}
        <a
          href={PRIVACY_POLICY_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {CONTACT.consentLink}
        </a>
        {CONTACT.consentAfter}
      </p>
    </form>
  );
}

/** Spec §2 item 7: the checklist, a messenger button (telegram_click) and the form. */
export function Contact() {
  return (
    <section
      id={SECTION_IDS.contact}
      aria-labelledby="contact-title"
      data-deferred=""
      className="scroll-mt-16 bg-gradient-to-b from-brand-900 to-[#262266] py-16 focus:outline-none sm:py-24 [contain-intrinsic-size:auto_1050px] [content-visibility:auto]"
    >
      <div className="mx-auto grid max-w-[1120px] items-start gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className="text-white">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Подключение</p>
          <h2
            id="contact-title"
            className="mt-2 text-[26px] leading-tight font-bold tracking-tight text-balance sm:text-4xl"
          >
            {CONTACT.heading}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-brand-100 sm:text-lg">{CONTACT.lead}</p>
          <ul className="mt-8 space-y-4">
            {CONTACT.checklist.map((item) => (
              <li key={item} className="flex items-center gap-3 text-[15px] sm:text-base">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-400/20 text-emerald-300">
                  <CheckIcon size={14} strokeWidth={2.5} />
                </span>
                {item}
              </li>
            ))}
          </ul>
          <a
            href={TELEGRAM_URL}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => reachGoal(GOALS.TELEGRAM_CLICK)}
            className={cn(
              buttonClass('secondary', 'lg'),
              'mt-10 border-white/30 bg-white/10 text-white hover:border-white/50 hover:bg-white/15 active:bg-white/20',
            )}
          >
            <TelegramIcon size={20} />
            {CONTACT.telegram}
          </a>
        </div>
        <EnquiryForm />
      </div>
    </section>
  );
}
