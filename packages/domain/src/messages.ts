/**
 * Russian validation texts of spec §5, verbatim. The web app shows them and the API returns them,
 * so both sides must take them from here rather than retyping them. One rule, one text: before a
 * code is sent the phone and e-mail rules say these texts too, not the spec's second wordings
 * («Формат: +7XXXXXXXXXX», «Сначала введите корректный email»).
 */
export const MESSAGES = {
  surnameRequired: 'Фамилия не может быть пустой',
  nameRequired: 'Имя не может быть пустым',
  organizationRequired: 'Название организации не может быть пустым',
  innRequired: 'ИНН обязателен',
  innLength: 'ИНН должен состоять из 10 или 12 цифр',
  innLegalChecksum: 'Неверный ИНН организации (10 цифр)',
  innPersonChecksum: 'Неверный ИНН физлица (12 цифр)',
  phoneInvalid: 'Неверный формат номера (+7XXXXXXXXXX)',
  emailInvalid: 'Неверный формат email',
  codeNotRequested: 'Получите код подтверждения',
  smsCodeRequired: 'Введите код из СМС',
  emailCodeRequired: 'Введите код из Email',
  consentRequired: 'Необходимо согласие на обработку персональных данных.',
  productNameRequired: 'Введите название товара',
  productPriceRequired: 'Введите цену',
  productQuantityRequired: 'Введите количество',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];
