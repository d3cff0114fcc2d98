#!/usr/bin/env bash
# Проверка подписи вебхука (Standard Webhooks) средствами openssl — например, для запроса,
# сохранённого из журнала. Заголовки запроса передаются в переменных окружения, тело — файлом.
# Запуск: WEBHOOK_ID=… WEBHOOK_TIMESTAMP=… WEBHOOK_SIGNATURE='v1,…' ./verify-webhook.sh body.json
set -euo pipefail
SECRET="${B2BPAY_WEBHOOK_SECRET:-whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx}"
BODY_FILE="${1:?Укажите файл с телом запроса: ./verify-webhook.sh body.json}"
: "${WEBHOOK_ID:?Укажите заголовок webhook-id в WEBHOOK_ID}"
: "${WEBHOOK_TIMESTAMP:?Укажите заголовок webhook-timestamp в WEBHOOK_TIMESTAMP}"
: "${WEBHOOK_SIGNATURE:?Укажите заголовок webhook-signature в WEBHOOK_SIGNATURE}"

# Ключ подписи — часть секрета после whsec_, декодированная из base64.
key_hex=$(printf '%s' "${SECRET#whsec_}" | openssl base64 -d -A | od -An -v -tx1 | tr -d ' \n')
expected=$({ printf '%s.%s.' "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP"; cat "$BODY_FILE"; } |
  openssl dgst -sha256 -mac HMAC -macopt "hexkey:$key_hex" -binary | openssl base64 -A)

# Отметка времени — только цифры (значение из чужого запроса не должно попасть в арифметику bash);
# старше 5 минут — повтор старого запроса.
case "$WEBHOOK_TIMESTAMP" in
  '' | *[!0-9]*)
    echo "Подпись не принята: webhook-timestamp — не число" >&2
    exit 1
    ;;
esac
age=$(($(date +%s) - 10#$WEBHOOK_TIMESTAMP))
if [ "${age#-}" -gt 300 ]; then
  echo "Подпись не принята: отметка времени отличается от текущей больше чем на 5 минут" >&2
  exit 1
fi

# В заголовке может быть несколько подписей через пробел (например, при смене секрета);
# set -f: подписи делятся по пробелам, но не раскрываются как шаблоны имён файлов.
set -f
for signature in $WEBHOOK_SIGNATURE; do
  if [ "$signature" = "v1,$expected" ]; then
    echo "Подпись верна"
    exit 0
  fi
done
echo "Подпись неверна" >&2
exit 1
