/**
 * The settings production cannot start without beyond NODE_ENV: the operator's details the legal
 * documents print (config.ts). Test-only values with valid checksums.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  OPERATOR_NAME: 'ООО «Оператор теста»',
  OPERATOR_OGRN: '1027700132195',
  OPERATOR_INN: '7707083893',
  OPERATOR_ADDRESS: '117997, г. Москва, ул. Вавилова, д. 19',
} as const;
