<?php
// Заказ по id: GET /api/order/orders/{order_id} — статус, номер, сумма, дата, данные клиента.
// PHP 8+, без расширений (HTTP-потоки). Запуск: php get-order.php <order_id>
$baseUrl = getenv('B2BPAY_BASE_URL') ?: 'http://localhost:3000';
$apiKey = getenv('B2BPAY_API_KEY') ?: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';
$orderId = $argv[1] ?? null;
if ($orderId === null) {
    fwrite(STDERR, "Укажите id заказа: php get-order.php <order_id>\n");
    exit(2);
}

$context = stream_context_create(['http' => [
    'header' => "Authorization: Bearer $apiKey\r\n",
    'ignore_errors' => true, // тело ответа нужно и при ошибке
    'timeout' => 30,
]]);
$body = @file_get_contents("$baseUrl/api/order/orders/" . rawurlencode($orderId), false, $context);
if ($body === false) {
    fwrite(STDERR, "Не удалось подключиться к $baseUrl\n");
    exit(1);
}
$status = (int) explode(' ', $http_response_header[0])[1];

if ($status !== 200) {
    fwrite(STDERR, "HTTP $status\n$body\n");
    exit(1);
}
$order = json_decode($body);
echo json_encode($order, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
