<?php
// php quickstart.php — API B2BPay с сервера магазина через PHP SDK.
require_once __DIR__ . '/b2bpay-sdk/autoload.php'; // или vendor/autoload.php из Composer

use B2BPay\ApiError;
use B2BPay\Client;

$b2bpay = new Client(
    getenv('B2BPAY_API_KEY') ?: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
    getenv('B2BPAY_BASE_URL') ?: 'http://localhost:3000'
);

// Один раз: куда магазину приходят вебхуки (ваш обработчик, см. webhook.php).
$webhookUrl = getenv('B2BPAY_WEBHOOK_URL') ?: null;
if ($webhookUrl !== null) {
    $b2bpay->updateShopSettings(['webhook_url' => $webhookUrl]);
}

// Создание заказа: цены в рублях (с копейками). Клиент сам отправляет Idempotency-Key и повторяет
// запрос после потерянного ответа или 429 — повтор никогда не создаст второй заказ.
$order = $b2bpay->createOrder([
    'products' => [['name' => 'Бумага офисная А4, 500 листов', 'price' => 350.1, 'quantity' => 3]],
    'client' => ['email' => 'buyer@example.ru', 'phone_number' => '+79991234567'],
    'external_id' => 'CART-' . time() . '-' . random_int(1000, 9999),
]);
echo "created {$order['id']} {$order['amount']} {$order['link']}\n";

// Прочитать заказ и получить список заказов, которые ждут покупателя.
$fetched = $b2bpay->getOrder($order['id']);
echo "status {$fetched['status']}\n";
$page = $b2bpay->listOrders(['status' => 'client_expected', 'limit' => 10]);
$listed = in_array($order['id'], array_column($page['items'], 'id'), true) ? 'true' : 'false';
echo "listed {$page['count']} $listed\n";

// Корзина изменилась: заказ меняется вслед за ней, записывается событие order.products.updated.
$b2bpay->replaceOrderProducts($order['id'], [
    ['name' => 'Бумага офисная А4, 500 листов', 'price' => 350.1, 'quantity' => 3],
    ['name' => 'Картридж HP 85A', 'price' => 4990, 'quantity' => 1],
]);

// Журнал событий: те же события, что приходят вебхуками, старые сначала; дальше — с 'after'. Журнал
// ничего не пропускает, поэтому событие появляется, когда завершены все начатые до него транзакции:
// опрашивайте, как это делало бы задание догоняющей синхронизации.
$log = $b2bpay->listEvents(['order_id' => $order['id']]);
for ($tries = 0; $log['items'] === [] && $tries < 50; $tries++) {
    usleep(200000);
    $log = $b2bpay->listEvents(['order_id' => $order['id']]);
}
foreach ($log['items'] as $event) {
    echo "event {$event['event']} {$event['event_id']} {$event['amount']}\n";
}

// Подписанный тестовый вебхук на ваш обработчик.
if ($webhookUrl !== null) {
    $delivery = $b2bpay->sendTestWebhook(['url' => $webhookUrl]);
    echo "test webhook {$delivery['event_id']}\n";
}

// Ошибки несут код API, сообщение, поле и request id.
try {
    $b2bpay->createOrder(['products' => []]);
} catch (ApiError $error) {
    echo "error {$error->status} {$error->errorCode} {$error->field} {$error->getMessage()} {$error->requestId}\n";
}
