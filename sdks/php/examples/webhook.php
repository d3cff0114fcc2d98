<?php
// Your webhook endpoint: php -S 127.0.0.1:8080 webhook.php (or behind any PHP web server).
require_once __DIR__ . '/b2bpay-sdk/autoload.php'; // or Composer's vendor/autoload.php

use B2BPay\Webhook;
use B2BPay\WebhookVerificationError;

$secret = getenv('B2BPAY_WEBHOOK_SECRET') ?: 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';

// The body exactly as received: the signature covers these bytes, not re-encoded JSON.
$body = file_get_contents('php://input');
try {
    $event = Webhook::verify($body, $_SERVER, $secret);
} catch (WebhookVerificationError $error) {
    error_log('rejected ' . $error->getMessage());
    http_response_code(400);
    return;
}
// Retries carry the same event_id: store it once, answer 2xx, do the work afterwards.
error_log("verified {$event['event']} {$event['event_id']}");
http_response_code(204);
