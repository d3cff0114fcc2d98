<?php

namespace B2BPay\Bitrix;

/**
 * A B2BPay webhook as Bitrix's callback page receives it: the raw body (php://input), read once
 * and kept, because Bitrix asks every pay system's handler whether the request is its own.
 */
final class Notification
{
    /** Set on the orders this module creates; a webhook of any other order is not ours. */
    const HANDLER_MARK = 'b2bpay';

    /** @var string|null */
    private static $body = null;

    public static function body(): string
    {
        if (self::$body === null) {
            self::$body = (string) file_get_contents('php://input');
        }
        return self::$body;
    }

    /**
     * The event, decoded but NOT verified: enough to route it (which pay system, which payment);
     * nothing may change before Webhook::verify has checked the signature.
     *
     * @return array<string, mixed>|null
     */
    public static function unverifiedEvent(): ?array
    {
        $event = json_decode(self::body(), true);
        return is_array($event) ? $event : null;
    }

    /** The webhook is of an order this module created for pay system $paySystemId. */
    public static function isFor($paySystemId): bool
    {
        $event = self::unverifiedEvent();
        $metadata = $event !== null && isset($event['metadata']) && is_array($event['metadata']) ? $event['metadata'] : array();
        return ($metadata['bx_handler'] ?? null) === self::HANDLER_MARK
            && (string) ($metadata['bx_paysystem'] ?? '') === (string) $paySystemId;
    }

    /** The Bitrix payment's id, which this module sends as the order's external_id. */
    public static function paymentId(): string
    {
        $event = self::unverifiedEvent();
        $externalId = $event !== null ? (string) ($event['external_id'] ?? '') : '';
        return preg_match('/^[1-9]\d*$/', $externalId) ? $externalId : '';
    }
}
