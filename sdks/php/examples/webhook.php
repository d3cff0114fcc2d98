<?php
// Ваш обработчик вебхуков: php -S 127.0.0.1:8080 webhook.php (или за любым веб-сервером с PHP).
require_once __DIR__ . '/b2bpay-sdk/autoload.php'; // или vendor/autoload.php из Composer

use B2BPay\Webhook;
use B2BPay\WebhookVerificationError;

$secret = getenv('B2BPAY_WEBHOOK_SECRET') ?: 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';

// Тело ровно в том виде, в каком пришло: подпись покрывает эти байты, а не заново собранный JSON.
$body = file_get_contents('php://input');
try {
    $event = Webhook::verify($body, $_SERVER, $secret);
} catch (WebhookVerificationError $error) {
    error_log('rejected ' . $error->getMessage());
    http_response_code(400);
    return;
}
// Повторы приходят с тем же event_id: сохраните событие один раз, ответьте 2xx, работу делайте потом.
error_log("verified {$event['event']} {$event['event_id']}");
http_response_code(204);
