import { useCallback, useRef, useState } from 'react';
import { formKey, sentKey } from './application-keys';

export { formKey, sentKey };

/**
 * The application form's data kept across steps (spec §3): one record per order in session storage,
 * so going back to step 1 or reloading a page loses nothing, and a closed tab forgets it.
 */
export interface ApplicationFormData {
  clientId: number | null;
  surname: string;
  name: string;
  middlename: string;
  organizationName: string;
  inn: string;
  phone: string;
  email: string;
  /** Personal-data consent (spec §5). */
  consent: boolean;
  /** Consent to pass the application to the partner banks. */
  bankConsent: boolean;
  phoneCode: string;
  emailCode: string;
  showPhoneCode: boolean;
  showEmailCode: boolean;
  /** Where the current codes went (normalized), to notice a changed phone or address. */
  phoneCodeSentTo: string | null;
  emailCodeSentTo: string | null;
  /**
   * Epoch ms until which a code to each destination (a normalized phone or address) waits: the
   * 60-second countdown belongs to the number, not the field, and survives a reload.
   */
  resendAt: Record<string, number>;
  /** The order's own client data has been copied in once. */
  prepopulated: boolean;
}

export const EMPTY_FORM: ApplicationFormData = {
  clientId: null,
  surname: '',
  name: '',
  middlename: '',
  organizationName: '',
  inn: '',
  phone: '',
  email: '',
  consent: false,
  bankConsent: false,
  phoneCode: '',
  emailCode: '',
  showPhoneCode: false,
  showEmailCode: false,
  phoneCodeSentTo: null,
  emailCodeSentTo: null,
  resendAt: {},
  prepopulated: false,
};

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const flag = (value: unknown): boolean => value === true;
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const waits = (value: unknown): Record<string, number> =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, until]) => numberOrNull(until) !== null));

/** Keeps only known keys of the right type: storage is outside input, possibly from an older build. */
function sanitize(value: unknown): ApplicationFormData {
  if (typeof value !== 'object' || value === null) return { ...EMPTY_FORM };
  const s = value as Record<string, unknown>;
  return {
    clientId: numberOrNull(s.clientId),
    surname: text(s.surname),
    name: text(s.name),
    middlename: text(s.middlename),
    organizationName: text(s.organizationName),
    inn: text(s.inn),
    phone: text(s.phone),
    email: text(s.email),
    consent: flag(s.consent),
    bankConsent: flag(s.bankConsent),
    phoneCode: text(s.phoneCode),
    emailCode: text(s.emailCode),
    showPhoneCode: flag(s.showPhoneCode),
    showEmailCode: flag(s.showEmailCode),
    phoneCodeSentTo: textOrNull(s.phoneCodeSentTo),
    emailCodeSentTo: textOrNull(s.emailCodeSentTo),
    resendAt: waits(s.resendAt),
    prepopulated: flag(s.prepopulated),
  };
}

export function loadForm(orderId: string): ApplicationFormData {
  const raw = storage()?.getItem(formKey(orderId));
  if (!raw) return { ...EMPTY_FORM };
  try {
    return sanitize(JSON.parse(raw) as unknown);
  } catch {
    return { ...EMPTY_FORM };
  }
}

export function saveForm(orderId: string, data: ApplicationFormData): void {
  try {
    storage()?.setItem(formKey(orderId), JSON.stringify(data));
  } catch {
    /* storage full or disabled: the form still works, it just will not survive a reload */
  }
}

/** After a successful submission: the form is forgotten, the e-mail is kept for the success page. */
export function markSubmitted(orderId: string, email: string): void {
  const store = storage();
  try {
    store?.removeItem(formKey(orderId));
    store?.setItem(sentKey(orderId), JSON.stringify({ email }));
  } catch {
    /* see saveForm */
  }
}

export function loadSubmittedEmail(orderId: string): string | null {
  const raw = storage()?.getItem(sentKey(orderId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string') {
      return value.email;
    }
  } catch {
    /* ignore a damaged record */
  }
  return null;
}

/**
 * The form of one order: its data and update(patch), which writes through to session storage at
 * once (not in an effect), so a navigation right after an update cannot lose it.
 */
export function useApplicationForm(
  orderId: string,
  /** Applied once to the stored data on mount, e.g. the order's own client data. */
  prepare?: (stored: ApplicationFormData) => ApplicationFormData,
) {
  const [data, setData] = useState<ApplicationFormData>(() => {
    const stored = loadForm(orderId);
    if (!prepare) return stored;
    const prepared = prepare(stored);
    saveForm(orderId, prepared);
    return prepared;
  });
  const current = useRef(data);
  const update = useCallback(
    /** A patch, or a patch made from the data as it is now (not as the caller's render saw it). */
    (patch: Partial<ApplicationFormData> | ((now: ApplicationFormData) => Partial<ApplicationFormData>)) => {
      const next = { ...current.current, ...(typeof patch === 'function' ? patch(current.current) : patch) };
      current.current = next;
      saveForm(orderId, next);
      setData(next);
    },
    [orderId],
  );
  return { data, update };
}
