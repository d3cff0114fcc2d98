<?php
// Приём вебхуков B2BPay с проверкой подписи (Standard Webhooks). PHP 8+, без расширений.
// Запуск для пробы: B2BPAY_WEBHOOK_SECRET=whsec_… php -S 0.0.0.0:8000 verify-webhook.php
$secret = getenv('B2BPAY_WEBHOOK_SECRET') ?: 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';
const TOLERANCE_SECONDS = 5 * 60;

/** Подпись сделана секретом магазина, и отметка времени свежая (не старше 5 минут). */
function verifyWebhook(string $secret, string $id, string $timestamp, string $signatures, string $body): bool
{
    if ($id === '' || !preg_match('/^\d+$/', $timestamp) || $signatures === '') {
        return false;
    }
    if (abs(time() - (int) $timestamp) > TOLERANCE_SECONDS) {
        return false;
    }
    // Ключ — часть секрета после whsec_, декодированная из base64; подписывается «id.timestamp.тело».
    $key = base64_decode(preg_replace('/^whsec_/', '', $secret));
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));
    // Подписей может быть несколько через пробел (например, при смене секрета).
    foreach (explode(' ', $signatures) as $signature) {
        [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $value)) {
            return true;
        }
    }
    return false;
}

$body = file_get_contents('php://input');
$id = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
$valid = verifyWebhook(
    $secret,
    $id,
    $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
    $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
    $body,
);
if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !$valid) {
    error_log('Отклонён запрос: неверная подпись');
    http_response_code(400);
    echo 'invalid signature';
    return;
}

$event = json_decode($body, true);
// Доставка «хотя бы один раз»: тот же webhook-id может прийти повторно — обработайте его один раз.
error_log(sprintf(
    '%s (%s): заказ №%s, %s → %s',
    $event['event'],
    $id,
    $event['order_number'] ?? '—',
    $event['previous_status'] ?? '—',
    $event['status'] ?? '—',
));
header('Content-Type: application/json');
echo '{"ok":true}';
