/**
 * Public contacts shown in the shop area, the buyer area and the not-found page. The specification
 * names the channels (a support e-mail and a messenger) but not their values; these are B2BPay's.
 */
export const SUPPORT_EMAIL = 'support@b2bpay.ru';
export const TELEGRAM_HANDLE = '@b2bpay_support';
export const TELEGRAM_URL = 'https://t.me/b2bpay_support';
export const PRIVACY_POLICY_URL = '/confidentiality.pdf';
export const AGREEMENT_URL = '/agreement.pdf';
export const BITRIX_GUIDE_URL = '/guides/bitrix.pdf';
/** The footer's line: from 2025, the year B2BPay began (spec §2), to the current one. */
export const COPYRIGHT = `© 2025–${new Date().getFullYear()} B2BPay. Все права защищены.`;
