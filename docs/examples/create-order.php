<?php
// Создание заказа: POST /api/order/orders. В ответе — заказ с link, ссылкой для покупателя.
// PHP 8+, без расширений (HTTP-потоки). Запуск: php create-order.php
$baseUrl = getenv('B2BPAY_BASE_URL') ?: 'http://localhost:3000';
$apiKey = getenv('B2BPAY_API_KEY') ?: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';

$order = [
    'products' => [
        ['name' => 'Бумага офисная А4, 500 листов', 'price' => 350.10, 'quantity' => 3],
        ['name' => 'Картридж HP 85A', 'price' => 4990, 'quantity' => 1],
    ],
    'client' => [
        'name' => 'Иван',
        'surname' => 'Петров',
        'email' => 'buyer@example.ru',
        'phone_number' => '+79991234567',
    ],
];
$context = stream_context_create(['http' => [
    'method' => 'POST',
    'header' => "Authorization: Bearer $apiKey\r\nContent-Type: application/json\r\n",
    'content' => json_encode($order, JSON_UNESCAPED_UNICODE),
    'ignore_errors' => true, // тело ответа нужно и при ошибке
    'timeout' => 30,
]]);
$body = @file_get_contents("$baseUrl/api/order/orders", false, $context);
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
