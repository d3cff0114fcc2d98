#!/usr/bin/env bash
# Создание заказа: POST /api/order/orders. В ответе — заказ с link, ссылкой для покупателя.
# Адрес и ключ берутся из переменных окружения B2BPAY_BASE_URL и B2BPAY_API_KEY.
set -euo pipefail
BASE_URL="${B2BPAY_BASE_URL:-http://localhost:3000}"
API_KEY="${B2BPAY_API_KEY:-sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2}"

response=$(curl -sS -X POST "$BASE_URL/api/order/orders" \
  -H "Authorization: Bearer $API_KEY" \
  -H 'Content-Type: application/json' \
  -d '{
    "products": [
      {"name": "Бумага офисная А4, 500 листов", "price": 350.10, "quantity": 3},
      {"name": "Картридж HP 85A", "price": 4990, "quantity": 1}
    ],
    "client": {
      "name": "Иван",
      "surname": "Петров",
      "email": "buyer@example.ru",
      "phone_number": "+79991234567"
    }
  }' \
  -w '\n%{http_code}')
status="${response##*$'\n'}"
body="${response%$'\n'*}"

if [ "$status" != "200" ]; then
  echo "HTTP $status" >&2
  echo "$body" >&2
  exit 1
fi
echo "$body"
