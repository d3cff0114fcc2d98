import { DEMO_SHOP } from '@b2bpay/domain';

/** Answers and bodies shown on the API page; their shape is the wire contract of @b2bpay/domain. */

const ORDER_ID = '3f6c1d2e-9a4b-4c7d-8e1f-2a3b4c5d6e7f';

export const ORDER_SAMPLE = `{
  "id": "${ORDER_ID}",
  "shop_id": "${DEMO_SHOP.id}",
  "order_number": "1042",
  "status": "client_expected",
  "version": 1,
  "link": "https://b2bpay.ru/client/${ORDER_ID}",
  "amount": 6040.3,
  "products": [
    { "id": 1, "name": "Бумага офисная А4, 500 листов", "price": 350.1, "quantity": 3 },
    { "id": 2, "name": "Картридж HP 85A", "price": 4990, "quantity": 1 }
  ],
  "client": {
    "id": 17,
    "email": "buyer@example.ru",
    "phone_number": "+79991234567",
    "name": "Иван",
    "surname": "Петров",
    "middlename": null,
    "inn": null,
    "organization_name": null,
    "created_at": "2026-11-22T11:05:00.000Z",
    "updated_at": "2026-11-22T11:05:00.000Z",
    "email_confirmed": false,
    "sms_confirmed": false
  },
  "created_at": "2026-11-22T11:05:00.000Z",
  "updated_at": "2026-11-22T11:05:00.000Z",
  "return_url": null,
  "cancel_url": null,
  "webhook_url": null,
  "bank_decisions": []
}
`;

export const LIST_SAMPLE = `{
  "items": [ { "id": "${ORDER_ID}", "order_number": "1042", "status": "client_expected", … } ],
  "count": 1,
  "has_more": false
}
`;

export const WEBHOOK_SAMPLE = `POST /b2bpay/webhook HTTP/1.1
Content-Type: application/json
webhook-id: 8d2f4c1a-6b3e-4f5d-9a7c-1e2b3c4d5e6f
webhook-timestamp: 1795345500
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

{
  "event": "order.status.changed",
  "event_id": "8d2f4c1a-6b3e-4f5d-9a7c-1e2b3c4d5e6f",
  "sequence": 2,
  "order_id": "${ORDER_ID}",
  "order_number": "1042",
  "status": "bank_info_expected",
  "previous_status": "client_expected",
  "amount": 6040.3,
  "shop_id": "${DEMO_SHOP.id}",
  "client": { "id": 17, "email": "buyer@example.ru", "inn": "7707083893", … },
  "timestamp": "2026-11-22T11:25:00.000Z"
}
`;

export const ERROR_SAMPLE = `HTTP/1.1 400 Bad Request
X-Request-Id: 3f6c2b1e-9a4d-4e8f-b7c5-1d2e3f4a5b6c

{
  "detail": "Цена может иметь не больше двух знаков после запятой",
  "error": {
    "code": "VALIDATION_ERROR",
    "message": "Цена может иметь не больше двух знаков после запятой",
    "field": "products.0.price",
    "request_id": "3f6c2b1e-9a4d-4e8f-b7c5-1d2e3f4a5b6c"
  },
  "errors": [
    {
      "code": "VALIDATION_ERROR",
      "message": "Цена может иметь не больше двух знаков после запятой",
      "field": "products.0.price"
    },
    { "code": "VALIDATION_ERROR", "message": "Неверный формат email", "field": "client.email" }
  ]
}
`;

export function envSample(origin: string): string {
  return `export B2BPAY_BASE_URL=${origin}
export B2BPAY_API_KEY=${DEMO_SHOP.secretKey}
export B2BPAY_WEBHOOK_SECRET=${DEMO_SHOP.webhookSecret}
`;
}
