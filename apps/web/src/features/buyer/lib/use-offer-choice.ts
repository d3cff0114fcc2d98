import type { Offer, Order } from '@b2bpay/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { acceptOffer, type OfferFailure, requestOfferCode } from '../api/offers-api';
import { CODE_LENGTH } from '../model/code-input';

/** The texts of choosing and signing an offer that are the page's own (the server's come as they are). */
export const OFFER_TEXTS = {
  // As the API's OfferAccept schema says them.
  codeRequired: 'Введите код из SMS',
  codeShort: 'Код — 6 цифр',
  codeFailed: 'Не удалось отправить код. Попробуйте ещё раз.',
  codeNetwork: 'Не удалось отправить код: нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
  signFailed: 'Не удалось подписать предложение. Попробуйте ещё раз.',
  signNetwork:
    'Не удалось подписать предложение: нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
  unavailable: 'Срок предложения истёк. Выберите другое предложение.',
  alreadySigned: 'Предложение по этому заказу уже подписано',
} as const;

export const OFFER_ALREADY_ACCEPTED = 'OFFER_ALREADY_ACCEPTED';

export interface OfferChoiceEvents {
  /** 200 from …/accept: the order as the server now has it, the offer signed. */
  onSigned: (order: Order) => void;
  /** 409 OFFER_ALREADY_ACCEPTED: another tab or device signed first; the order is being read again. */
  onAlreadySigned: (message: string) => void;
  /** Read the order again. */
  onReload: () => void;
}

interface CodeSent {
  offerId: string;
  /** Masked, as the server gives it: «+7 916 ***-**-67». */
  phone: string;
  /** Epoch ms before which the server refuses another code (its resend_after_seconds). */
  resendAt: number;
}

/** The part of the page the focus goes to next: the code input, or the list's heading. */
type FocusTarget = 'code' | 'list';

const failureText = (failure: OfferFailure, failed: string, network: string) =>
  failure.kind === 'network' ? network : (failure.kind === 'api' && failure.error) || failed;

/**
 * Choosing and signing one of the banks' offers (DESIGN §13): «Выбрать» asks for a code to the
 * buyer's confirmed phone and opens the offer's text with the code input; «Подписать» signs it.
 * A lapsed offer sends the buyer back to the list (read again), one signed elsewhere shows what is
 * signed; the code's errors stay under its input, and the focus follows what the buyer does next.
 */
export function useOfferChoice(order: Order, events: OfferChoiceEvents) {
  const prefix = useId();
  const [chosen, setChosen] = useState<Offer | null>(null);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);
  /** The offer whose code is being asked for, or 'sign' while the signature goes out. */
  const [busy, setBusy] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  // An approved order always has its buyer; without one the server's 400 names the problem.
  const clientId = order.client?.id ?? 0;

  // An element that appears with this render (the code input, the list) takes the focus once it is there.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(`${prefix}-${focusTarget}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, prefix]);

  const backToList = (message: string | null) => {
    setChosen(null);
    setAlert(message);
    setFocusTarget('list');
  };

  /** A 409: the offer lapsed (back to the list, read again), or the order is signed already. */
  const conflict = (failure: OfferFailure) => {
    if (failure.status !== 409) return false;
    events.onReload();
    if (failure.code === OFFER_ALREADY_ACCEPTED)
      events.onAlreadySigned(failure.error ?? OFFER_TEXTS.alreadySigned);
    else backToList(failure.error ?? OFFER_TEXTS.unavailable);
    return true;
  };

  const sendCode = async (offer: Offer) => {
    setBusy(offer.id);
    setAlert(null);
    const result = await requestOfferCode(order.id, offer.id, clientId);
    setBusy(null);
    if (result.success) {
      const { phone_number, resend_after_seconds } = result.data;
      setSent({ offerId: offer.id, phone: phone_number, resendAt: Date.now() + resend_after_seconds * 1000 });
      setChosen(offer);
      setCode('');
      setCodeError(undefined);
      setFocusTarget('code');
      return;
    }
    if (conflict(result)) return;
    // Too soon: the resend button waits as long as the server asks.
    const wait = result.retryAfterSeconds;
    if (wait) setSent((current) => current && { ...current, resendAt: Date.now() + wait * 1000 });
    setAlert(failureText(result, OFFER_TEXTS.codeFailed, OFFER_TEXTS.codeNetwork));
  };

  /** «Выбрать»: a code for this offer, unless one went out for it a moment ago (then its form again). */
  const choose = (offer: Offer) => {
    if (busy) return;
    if (sent?.offerId === offer.id && sent.resendAt > Date.now()) {
      setChosen(offer);
      setAlert(null);
      setFocusTarget('code');
      return;
    }
    void sendCode(offer);
  };

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || busy) return;
    const problem =
      code === '' ? OFFER_TEXTS.codeRequired : code.length < CODE_LENGTH ? OFFER_TEXTS.codeShort : undefined;
    setCodeError(problem);
    setAlert(null);
    if (problem) {
      setFocusTarget('code');
      return;
    }
    setBusy('sign');
    const result = await acceptOffer(order.id, chosen.id, clientId, code);
    setBusy(null);
    if (result.success) {
      events.onSigned(result.data);
      return;
    }
    if (conflict(result)) return;
    if (result.kind === 'api' && result.field === 'sms_code_input') {
      setCodeError(result.error ?? OFFER_TEXTS.signFailed);
      setFocusTarget('code');
      return;
    }
    setAlert(failureText(result, OFFER_TEXTS.signFailed, OFFER_TEXTS.signNetwork));
  };

  return {
    prefix,
    chosen,
    sent: chosen && sent?.offerId === chosen.id ? sent : null,
    code,
    codeError,
    alert,
    busy,
    choose,
    resend: () => {
      if (chosen && !busy) void sendCode(chosen);
    },
    sign,
    back: () => backToList(null),
    editCode: (value: string) => {
      setCode(value);
      setCodeError(undefined);
    },
  };
}

export type OfferChoice = ReturnType<typeof useOfferChoice>;
