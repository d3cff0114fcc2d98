import { extractText, getDocumentProxy } from 'unpdf';
import { expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { PRODUCTION_ENV } from './support/production-env';

const { NODE_ENV: _, ...OPERATOR } = PRODUCTION_ENV;

/** The PDF's text, lines joined: a name may wrap onto the next line. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describeApi('the legal documents name the operator from the settings', { env: OPERATOR }, (t) => {
  it.each([
    ['/confidentiality.pdf', 'Политика конфиденциальности'],
    ['/agreement.pdf', 'Пользовательское соглашение'],
    ['/personal-data-consent.pdf', 'Согласие на обработку персональных данных'],
    ['/bank-transfer-consent.pdf', 'Согласие на передачу персональных данных банкам-партнёрам'],
  ])('%s: its title and the operator’s name, ОГРН, ИНН and address', async (url, title) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(title);
    expect(text).toContain(
      `${OPERATOR.OPERATOR_NAME}, ОГРН ${OPERATOR.OPERATOR_OGRN}, ИНН ${OPERATOR.OPERATOR_INN}, адрес: ${OPERATOR.OPERATOR_ADDRESS}`,
    );
  });
});

describeApi('outside production without settings: the demo operator, marked as such', (t) => {
  it('prints the demo details in the privacy policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/confidentiality.pdf' });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('ООО «Демо-оператор» (демонстрационные реквизиты, не для рабочей установки)');
    expect(text).toContain('(демонстрационный адрес)');
  });
});
