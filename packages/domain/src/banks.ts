/**
 * The partner banks that ship with the product: sandbox banks with our own names (no real bank's
 * name or mark). Their decisions are deterministic by the buyer's e-mail (DESIGN §4).
 */
export const PARTNER_BANKS = [
  { id: 'sever', name: 'Банк «Северный Кредит»', shortName: 'Северный Кредит', color: '#1D4ED8' },
  { id: 'volga', name: 'Банк «Волга Финанс»', shortName: 'Волга Финанс', color: '#0F766E' },
  { id: 'ural', name: 'Банк «Уральский Деловой»', shortName: 'Уральский Деловой', color: '#B45309' },
] as const;

export type PartnerBankId = (typeof PARTNER_BANKS)[number]['id'];

export const bankName = (id: string) => PARTNER_BANKS.find((b) => b.id === id)?.name ?? id;

/** Versions of the documents the buyer consents to; recorded with each consent (152-FZ). */
export const CONSENT_DOCUMENTS = {
  personal_data: { version: '2025-01', url: '/personal-data-consent.pdf' },
  bank_transfer: { version: '2025-01', url: '/bank-transfer-consent.pdf' },
} as const;

export const BANK_TRANSFER_CONSENT_REQUIRED = 'Необходимо согласие на передачу данных банкам-партнёрам.';
