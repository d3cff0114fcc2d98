<?php

declare(strict_types=1);

namespace B2BPay;

/**
 * Standard Webhooks verification: `webhook-signature` holds `v1,<base64 HMAC-SHA256 of
 * "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded part of the shop's
 * `whsec_…` secret; during a secret rotation it holds two, space-separated, and either is enough.
 * Written for PHP 7.4 too (strncmp, not str_starts_with): the 1C-Bitrix module ships this file, and
 * many Bitrix sites still run 7.4.
 */
final class Webhook
{
    /** How far webhook-timestamp may be from now, in seconds. */
    public const TOLERANCE_SECONDS = 300;

    /**
     * Returns the event (an associative array) when the body is signed with $secret and fresh;
     * throws WebhookVerificationError otherwise. $body: the raw body (file_get_contents('php://input')),
     * never re-encoded JSON. $headers: getallheaders(), $_SERVER, or any array of the three headers
     * (names in any case). $now: Unix seconds (tests), default time().
     *
     * @param array<string, mixed> $headers
     * @return array<string, mixed>
     */
    public static function verify(string $body, array $headers, string $secret, ?int $now = null): array
    {
        $h = self::normalise($headers);
        $id = $h['webhook-id'] ?? '';
        $timestamp = $h['webhook-timestamp'] ?? '';
        $signatures = $h['webhook-signature'] ?? '';
        if ($id === '' || $timestamp === '' || $signatures === '') {
            throw new WebhookVerificationError('Missing required headers');
        }
        if (!preg_match('/^\d{1,12}$/', $timestamp)) {
            throw new WebhookVerificationError('Invalid Signature Headers');
        }
        $now = $now ?? time();
        if ($now - (int) $timestamp > self::TOLERANCE_SECONDS) {
            throw new WebhookVerificationError('Message timestamp too old');
        }
        if ((int) $timestamp - $now > self::TOLERANCE_SECONDS) {
            throw new WebhookVerificationError('Message timestamp too new');
        }
        $key = base64_decode(strncmp($secret, 'whsec_', 6) === 0 ? substr($secret, 6) : $secret, true);
        if ($key === false || $key === '') {
            throw new WebhookVerificationError('The secret is not a whsec_… base64 secret');
        }
        $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));
        foreach (explode(' ', $signatures) as $signature) {
            $parts = explode(',', $signature, 2);
            if (count($parts) === 2 && $parts[0] === 'v1' && hash_equals($expected, $parts[1])) {
                $event = json_decode($body, true);
                if (!is_array($event)) {
                    throw new WebhookVerificationError('The body is not a JSON object');
                }
                return $event;
            }
        }
        throw new WebhookVerificationError('No matching signature found');
    }

    /**
     * Header names lower-cased with dashes: "Webhook-Id" and $_SERVER's "HTTP_WEBHOOK_ID" both
     * become "webhook-id"; a list of values is joined with spaces.
     *
     * @param array<string, mixed> $headers
     * @return array<string, string>
     */
    private static function normalise(array $headers): array
    {
        $out = [];
        foreach ($headers as $name => $value) {
            $name = str_replace('_', '-', strtolower((string) $name));
            if (strncmp($name, 'http-', 5) === 0) {
                $name = substr($name, 5);
            }
            $out[$name] = is_array($value) ? implode(' ', array_map('strval', $value)) : (string) $value;
        }
        return $out;
    }
}
