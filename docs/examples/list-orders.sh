#!/usr/bin/env bash
# Список заказов: GET /api/order/orders — по 20 на странице, с фильтрами по статусу и датам.
# status можно повторять; date_from и date_to — дата ГГГГ-ММ-ДД или дата-время ISO 8601.
set -euo pipefail
BASE_URL="${B2BPAY_BASE_URL:-http://localhost:3000}"
API_KEY="${B2BPAY_API_KEY:-sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2}"

response=$(curl -sS -G "$BASE_URL/api/order/orders" \
  -H "Authorization: Bearer $API_KEY" \
  --data-urlencode 'page=1' \
  --data-urlencode 'status=client_expected' \
  --data-urlencode 'status=bank_info_expected' \
  --data-urlencode 'date_from=2025-01-01' \
  -w '\n%{http_code}')
status="${response##*$'\n'}"
body="${response%$'\n'*}"

if [ "$status" != "200" ]; then
  echo "HTTP $status" >&2
  echo "$body" >&2
  exit 1
fi
echo "$body"
