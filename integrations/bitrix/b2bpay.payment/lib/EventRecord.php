<?php

namespace B2BPay\Bitrix;

/**
 * The last B2BPay event applied to a payment, kept in the payment's PS_STATUS_MESSAGE («B2BPay #6
 * order.payment.completed <webhook-id>»): readable in the order form, and what makes a webhook
 * delivered twice, or an older one arriving late, change nothing. B2BPay numbers an order's events
 * from 1 (`sequence`) and repeats the same `webhook-id` on every retry.
 */
final class EventRecord
{
    /** @var int */
    public $sequence;
    /** @var string */
    public $event;
    /** @var string */
    public $webhookId;

    public function __construct(int $sequence, string $event, string $webhookId)
    {
        $this->sequence = $sequence;
        $this->event = $event;
        $this->webhookId = $webhookId;
    }

    /** @param mixed $statusMessage the payment's PS_STATUS_MESSAGE */
    public static function parse($statusMessage): ?self
    {
        if (!is_string($statusMessage)
            || !preg_match('/^B2BPay #(\d+) ([a-z._]+) (\S+)$/', $statusMessage, $match)) {
            return null;
        }
        return new self((int) $match[1], $match[2], $match[3]);
    }

    public function text(): string
    {
        return 'B2BPay #' . $this->sequence . ' ' . $this->event . ' ' . $this->webhookId;
    }

    /** An event this payment has already seen, or one older than what it has seen. */
    public function covers(self $incoming): bool
    {
        return $incoming->webhookId === $this->webhookId || $incoming->sequence <= $this->sequence;
    }
}
