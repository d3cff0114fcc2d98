#!/usr/bin/env python3
"""Приём вебхуков B2BPay с проверкой подписи (Standard Webhooks).

Python 3.9+, только стандартная библиотека.
Запуск: B2BPAY_WEBHOOK_SECRET=whsec_… python3 verify-webhook.py — слушает порт PORT (по умолчанию 8000).
"""
import base64
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ.get("B2BPAY_WEBHOOK_SECRET", "whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx")
PORT = int(os.environ.get("PORT", "8000"))
TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret, headers, body):
    """Подпись сделана секретом магазина, и отметка времени свежая (не старше 5 минут)."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp") or ""
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp.isdigit() or not signatures:
        return False
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    # Ключ — часть секрета после whsec_, декодированная из base64; подписывается «id.timestamp.тело».
    key = base64.b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    expected = base64.b64encode(digest).decode()
    # Подписей может быть несколько через пробел (например, при смене секрета).
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


class WebhookHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if not verify_webhook(SECRET, self.headers, body):
            print("Отклонён запрос: неверная подпись", flush=True)
            self.send_response(400)
            self.end_headers()
            self.wfile.write(b"invalid signature")
            return
        event = json.loads(body)
        # Доставка «хотя бы один раз»: тот же webhook-id может прийти повторно — обработайте его один раз.
        print(
            f"{event['event']} ({self.headers['webhook-id']}): заказ №{event.get('order_number') or '—'}, "
            f"{event.get('previous_status') or '—'} → {event.get('status') or '—'}",
            flush=True,
        )
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"ok":true}')

    def log_message(self, format, *args):
        pass  # без строки журнала на каждый запрос


if __name__ == "__main__":
    server = HTTPServer(("", PORT), WebhookHandler)
    print(f"Жду вебхуки на http://localhost:{PORT}/", flush=True)
    server.serve_forever()
