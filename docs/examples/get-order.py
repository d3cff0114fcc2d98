#!/usr/bin/env python3
"""Заказ по id: GET /api/order/orders/{order_id} — статус, номер, сумма, дата, данные клиента.

Python 3.9+, только стандартная библиотека. Запуск: python3 get-order.py <order_id>
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

BASE_URL = os.environ.get("B2BPAY_BASE_URL", "http://localhost:3000")
API_KEY = os.environ.get("B2BPAY_API_KEY", "sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2")
if len(sys.argv) < 2:
    sys.exit("Укажите id заказа: python3 get-order.py <order_id>")
order_id = urllib.parse.quote(sys.argv[1], safe="")

request = urllib.request.Request(
    f"{BASE_URL}/api/order/orders/{order_id}",
    headers={"Authorization": f"Bearer {API_KEY}"},
)
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        status, body = response.status, response.read().decode("utf-8")
except urllib.error.HTTPError as error:
    status, body = error.code, error.read().decode("utf-8")

if status != 200:
    print(f"HTTP {status}", file=sys.stderr)
    print(body, file=sys.stderr)
    sys.exit(1)
print(json.dumps(json.loads(body), ensure_ascii=False, indent=2))
