<?php

declare(strict_types=1);

namespace B2BPay;

/**
 * The order event types a webhook or the event log carries (its `event` field), and the test event.
 * A webhook endpoint takes a list of them in `enabled_events`, or ALL for every type (new ones too).
 */
final class Event
{
    /** Written with the order (sequence 0); only endpoints that ask for it receive it. */
    public const ORDER_CREATED = 'order.created';
    public const ORDER_STATUS_CHANGED = 'order.status.changed';
    public const ORDER_CLIENT_UPDATED = 'order.client.updated';
    public const ORDER_PAYMENT_COMPLETED = 'order.payment.completed';
    public const ORDER_PRODUCTS_UPDATED = 'order.products.updated';
    public const ORDER_REFUND_CREATED = 'order.refund.created';
    /** POST /api/webhooks/test: no order, only in the delivery log. */
    public const WEBHOOK_TEST = 'webhook.test';
    /** `enabled_events` value: every event type, new ones too. */
    public const ALL = '*';
}
