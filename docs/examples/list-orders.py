#!/usr/bin/env python3
"""Список заказов: GET /api/order/orders — по 20 на странице, с фильтрами по статусу и датам.

status можно повторять; date_from и date_to — дата ГГГГ-ММ-ДД или дата-время ISO 8601.
Python 3.9+, только стандартная библиотека. Запуск: python3 list-orders.py
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

BASE_URL = os.environ.get("B2BPAY_BASE_URL", "http://localhost:3000")
API_KEY = os.environ.get("B2BPAY_API_KEY", "sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2")

query = urllib.parse.urlencode(
    [
        ("page", 1),
        ("status", "client_expected"),
        ("status", "bank_info_expected"),
        ("date_from", "2025-01-01"),
    ]
)
request = urllib.request.Request(
    f"{BASE_URL}/api/order/orders?{query}",
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
page = json.loads(body)
print(json.dumps({"count": page["count"], "items": page["items"]}, ensure_ascii=False, indent=2))
