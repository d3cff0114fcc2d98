import { formatRubles } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  approvedEmail,
  cancelledEmail,
  codeEmail,
  codeSms,
  deadlineText,
  refundEmail,
  rejectedEmail,
  reminderEmail,
  reminderSms,
  scrubCodes,
} from '../src/modules/notifications';

const decision = {
  orderNumber: '42',
  shopName: 'ООО "Канц & Ко" <b>',
  amountText: amountText(105060),
  link: 'https://b2bpay.example/pay/0b0c?x=1&y="2"',
};
const reminder = {
  orderNumber: '42',
  shopName: 'ИП Иванов',
  link: 'https://b2bpay.example/pay/0b0c',
  deadlineText: deadlineText(new Date('2026-11-25T10:00:00Z')),
};

describe('notification templates', () => {
  it('formats money with formatRubles and deadlines in Moscow time', () => {
    expect(amountText(105060)).toBe(formatRubles(1050.6));
    expect(amountText(105060)).toBe('1\u00a0050,60\u00a0₽');
    expect(reminder.deadlineText).toBe('25.11.2026 13:00 (мск)');
  });

  it('writes the one-time code into the SMS and the e-mail, and nothing but 6 digits is a code', () => {
    expect(codeSms('123456')).toBe('B2BPay: код подтверждения 123456. Никому его не сообщайте.');
    const mail = codeEmail('123456');
    expect(mail.subject).toBe('B2BPay: код подтверждения');
    expect(mail.subject).not.toContain('123456');
    expect(mail.text).toContain('Ваш код подтверждения для заявки на рассрочку через B2BPay: 123456');
    expect(mail.text).toContain('Код действует 10 минут');
    expect(mail.html).toContain('>123456</p>');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ru">/);
    for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
      expect(() => codeSms(bad)).toThrow();
      expect(() => codeEmail(bad)).toThrow();
    }
  });

  it('scrubs the code, and only the code, from every stored form of a code message', () => {
    const mail = codeEmail('987650');
    for (const text of [mail.text, mail.html, codeSms('987650')]) {
      const scrubbed = scrubCodes(text);
      expect(scrubbed).not.toContain('987650');
      expect(scrubbed).toContain('••••••');
    }
    // Colours such as #111827 in the HTML are left alone.
    expect(mail.html).toContain('#111827');
    expect(scrubCodes(mail.html)).toContain('#111827');
    expect(scrubCodes(mail.html).match(/••••••/g)).toHaveLength(1);
  });

  it('escapes names and links in HTML and keeps the plain text as written', () => {
    for (const mail of [approvedEmail(decision), rejectedEmail(decision)]) {
      expect(mail.text).toContain('в магазине ООО "Канц & Ко" <b> на сумму 1\u00a0050,60\u00a0₽');
      expect(mail.text).toContain(decision.link);
      expect(mail.html).toContain('ООО &quot;Канц &amp; Ко&quot; &lt;b&gt;');
      expect(mail.html).not.toContain('<b> на');
      expect(mail.html).toContain('href="https://b2bpay.example/pay/0b0c?x=1&amp;y=&quot;2&quot;"');
      expect(mail.html).toContain('команда B2BPay');
    }
    expect(approvedEmail(decision).subject).toBe('Рассрочка одобрена — заказ №42');
    // The approval sends the buyer to the order page to choose and sign the bank's terms.
    const approved = approvedEmail(decision);
    expect(approved.text).toContain('Выберите условия на странице заказа');
    expect(approved.text).toContain(`Предложения банка — по ссылке:\n${decision.link}`);
    expect(approved.html).toContain('Выбрать условия');
    expect(rejectedEmail(decision).subject).toBe('Решение по заявке на рассрочку — заказ №42');
    expect(rejectedEmail(decision).text).toContain(
      'К сожалению, банки-партнёры не смогли одобрить рассрочку',
    );
  });

  it('reminds by e-mail and SMS with the deadline and the link', () => {
    const mail = reminderEmail(reminder);
    expect(mail.subject).toBe('Напоминание: заявка на рассрочку по заказу №42 ждёт вас');
    expect(mail.text).toContain('в магазине ИП Иванов, но заявка ещё не отправлена');
    expect(mail.text).toContain('Заполнить её можно до 25.11.2026 13:00 (мск).');
    expect(mail.html).toContain('<b>25.11.2026 13:00 (мск)</b>');
    expect(reminderSms(reminder)).toBe(
      'B2BPay: заявка на рассрочку по заказу №42 ждёт заполнения до 25.11.2026 13:00 (мск). https://b2bpay.example/pay/0b0c',
    );
  });

  it('refuses links that are not web addresses', () => {
    expect(() => approvedEmail({ ...decision, link: 'javascript:alert(1)' })).toThrow();
    expect(() => reminderSms({ ...reminder, link: 'b2bpay.example/pay' })).toThrow();
  });
  // The buyer hears of a cancelled order and of each return, amounts in the ru-RU way.
  it('tells the buyer of a cancelled order, with the reason only when the shop gave one', () => {
    const mail = cancelledEmail({ ...decision, reason: 'Товара нет & не будет <скоро>' });
    expect(mail.subject).toBe('Заказ №42 отменён');
    expect(mail.text).toContain(
      'Магазин ООО "Канц & Ко" <b> отменил заказ №42 на сумму 1\u00a0050,60\u00a0₽. Заявка на рассрочку по нему отозвана из банков.',
    );
    expect(mail.text).toContain('Причина: Товара нет & не будет <скоро>');
    expect(mail.text).toContain('Если это ошибка, пожалуйста, свяжитесь с магазином.');
    expect(mail.text).toContain(`Заказ — по ссылке:\n${decision.link}`);
    expect(mail.html).toContain('Причина: Товара нет &amp; не будет &lt;скоро&gt;');
    expect(mail.html).toContain('на сумму 1\u00a0050,60\u00a0₽');
    expect(mail.html).toContain('Открыть заказ');

    const silent = cancelledEmail({ ...decision, reason: null });
    expect(silent.text).not.toContain('Причина');
    expect(silent.html).not.toContain('Причина');
    expect(() => cancelledEmail({ ...decision, reason: null, link: 'javascript:alert(1)' })).toThrow();
  });

  it('tells the buyer of a return: this amount, the order amount and the total returned, in ru-RU', () => {
    const mail = refundEmail({
      ...decision,
      refundText: amountText(123450),
      refundedTotalText: amountText(100000050),
      reason: 'Вернулась одна пачка',
    });
    expect(amountText(100000050)).toBe('1\u00a0000\u00a0000,50\u00a0₽');
    expect(mail.subject).toBe('Возврат по заказу №42');
    expect(mail.text).toContain(
      'Магазин ООО "Канц & Ко" <b> оформил возврат 1\u00a0234,50\u00a0₽ по заказу №42 (сумма заказа 1\u00a0050,60\u00a0₽, всего возвращено 1\u00a0000\u00a0000,50\u00a0₽).',
    );
    expect(mail.text).toContain('Причина: Вернулась одна пачка');
    expect(mail.text).toContain('Банк-партнёр пересчитает вашу рассрочку');
    expect(mail.html).toContain('оформил возврат <b>1\u00a0234,50\u00a0₽</b> по заказу №42');
    expect(mail.html).toContain('ООО &quot;Канц &amp; Ко&quot; &lt;b&gt;');
    expect(() =>
      refundEmail({ ...decision, refundText: '', refundedTotalText: '', reason: 'x', link: 'ftp://x' }),
    ).toThrow();
  });
});
