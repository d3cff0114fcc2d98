import { CONSENT_DOCUMENTS } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import type { Step2State } from '../lib/use-step2-state';
import { CheckboxField } from './checkbox-field';

function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {children}
    </a>
  );
}

/** Step 2's two consents, each linking its document. */
export function Step2Consents({ state }: { state: Step2State }) {
  const { data, prefix, errors, edit } = state;
  return (
    <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-6">
      <legend className="sr-only">Согласия</legend>
      <CheckboxField
        id={`${prefix}-consent`}
        name="personal_data_consent"
        checked={data.consent}
        error={errors.consent}
        onChange={(consent) => edit({ consent }, 'consent')}
      >
        Я даю согласие на{' '}
        <DocumentLink href={CONSENT_DOCUMENTS.personal_data.url}>обработку персональных данных</DocumentLink>
      </CheckboxField>
      <CheckboxField
        id={`${prefix}-bankConsent`}
        name="bank_transfer_consent"
        checked={data.bankConsent}
        error={errors.bankConsent}
        onChange={(bankConsent) => edit({ bankConsent }, 'bankConsent')}
      >
        Я согласен на{' '}
        <DocumentLink href={CONSENT_DOCUMENTS.bank_transfer.url}>
          передачу моих данных банкам-партнёрам
        </DocumentLink>{' '}
        для рассмотрения заявки
      </CheckboxField>
    </fieldset>
  );
}
