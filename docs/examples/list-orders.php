<?php
// Список заказов: GET /api/order/orders — по 20 на странице, с фильтрами по статусу и датам.
// status можно повторять; date_from и date_to — дата ГГГГ-ММ-ДД или дата-время ISO 8601.
// PHP 8+, без расширений (HTTP-потоки). Запуск: php list-orders.php
$baseUrl = getenv('B2BPAY_BASE_URL') ?: 'http://localhost:3000';
$apiKey = getenv('B2BPAY_API_KEY') ?: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';

// Повторяющийся параметр status: http_build_query записал бы status[0]=…, поэтому строка собирается сама.
$query = implode('&', [
    'page=1',
    'status=client_expected',
    'status=bank_info_expected',
    'date_from=' . rawurlencode('2025-01-01'),
]);
$context = stream_context_create(['http' => [
    'header' => "Authorization: Bearer $apiKey\r\n",
    'ignore_errors' => true, // тело ответа нужно и при ошибке
    'timeout' => 30,
]]);
$body = @file_get_contents("$baseUrl/api/order/orders?$query", false, $context);
if ($body === false) {
    fwrite(STDERR, "Не удалось подключиться к $baseUrl\n");
    exit(1);
}
$status = (int) explode(' ', $http_response_header[0])[1];

if ($status !== 200) {
    fwrite(STDERR, "HTTP $status\n$body\n");
    exit(1);
}
$page = json_decode($body, true);
$result = ['count' => $page['count'], 'items' => $page['items']];
echo json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
