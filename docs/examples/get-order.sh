#!/usr/bin/env bash
# Заказ по id: GET /api/order/orders/{order_id} — статус, номер, сумма, дата, данные клиента.
# Запуск: ./get-order.sh <order_id>
set -euo pipefail
BASE_URL="${B2BPAY_BASE_URL:-http://localhost:3000}"
API_KEY="${B2BPAY_API_KEY:-sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2}"
ORDER_ID="${1:?Укажите id заказа: ./get-order.sh <order_id>}"

response=$(curl -sS "$BASE_URL/api/order/orders/$ORDER_ID" \
  -H "Authorization: Bearer $API_KEY" \
  -w '\n%{http_code}')
status="${response##*$'\n'}"
body="${response%$'\n'*}"

if [ "$status" != "200" ]; then
  echo "HTTP $status" >&2
  echo "$body" >&2
  exit 1
fi
echo "$body"
