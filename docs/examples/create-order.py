#!/usr/bin/env python3
"""Создание заказа: POST /api/order/orders. В ответе — заказ с link, ссылкой для покупателя.

Python 3.9+, только стандартная библиотека. Запуск: python3 create-order.py
"""
import json
import os
import sys
import urllib.error
import urllib.request

BASE_URL = os.environ.get("B2BPAY_BASE_URL", "http://localhost:3000")
API_KEY = os.environ.get("B2BPAY_API_KEY", "sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2")

order = {
    "products": [
        {"name": "Бумага офисная А4, 500 листов", "price": 350.10, "quantity": 3},
        {"name": "Картридж HP 85A", "price": 4990, "quantity": 1},
    ],
    "client": {
        "name": "Иван",
        "surname": "Петров",
        "email": "buyer@example.ru",
        "phone_number": "+79991234567",
    },
}
request = urllib.request.Request(
    f"{BASE_URL}/api/order/orders",
    data=json.dumps(order).encode("utf-8"),
    headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"},
    method="POST",
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
