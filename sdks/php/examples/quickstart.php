<?php
// php quickstart.php — the B2BPay API from a shop's server with the PHP SDK.
require_once __DIR__ . '/b2bpay-sdk/autoload.php'; // or Composer's vendor/autoload.php

use B2BPay\ApiError;
use B2BPay\Client;

$b2bpay = new Client(
    getenv('B2BPAY_API_KEY') ?: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
    getenv('B2BPAY_BASE_URL') ?: 'http://localhost:3000'
);

// Once: where the shop's webhooks go (your endpoint, see webhook.php).
$webhookUrl = getenv('B2BPAY_WEBHOOK_URL') ?: null;
if ($webhookUrl !== null) {
    $b2bpay->updateShopSettings(['webhook_url' => $webhookUrl]);
}

// Create an order: prices in roubles (up to kopecks). The client sends an Idempotency-Key and
// repeats it after a lost answer or a 429, so a retry never creates a second order.
$order = $b2bpay->createOrder([
    'products' => [['name' => 'Бумага офисная А4, 500 листов', 'price' => 350.1, 'quantity' => 3]],
    'client' => ['email' => 'buyer@example.ru', 'phone_number' => '+79991234567'],
    'external_id' => 'CART-' . time() . '-' . random_int(1000, 9999),
]);
echo "created {$order['id']} {$order['amount']} {$order['link']}\n";

// Read it, and list the orders still waiting for the buyer.
$fetched = $b2bpay->getOrder($order['id']);
echo "status {$fetched['status']}\n";
$page = $b2bpay->listOrders(['status' => 'client_expected', 'limit' => 10]);
$listed = in_array($order['id'], array_column($page['items'], 'id'), true) ? 'true' : 'false';
echo "listed {$page['count']} $listed\n";

// The cart changed: the order follows, and an order.products.updated event is recorded.
$b2bpay->replaceOrderProducts($order['id'], [
    ['name' => 'Бумага офисная А4, 500 листов', 'price' => 350.1, 'quantity' => 3],
    ['name' => 'Картридж HP 85A', 'price' => 4990, 'quantity' => 1],
]);

// The event log: the very events the webhooks carry, oldest first; page on with 'after'. It never
// skips one, so an event shows once every transaction begun before it has ended: poll, as a
// catch-up job would.
$log = $b2bpay->listEvents(['order_id' => $order['id']]);
for ($tries = 0; $log['items'] === [] && $tries < 50; $tries++) {
    usleep(200000);
    $log = $b2bpay->listEvents(['order_id' => $order['id']]);
}
foreach ($log['items'] as $event) {
    echo "event {$event['event']} {$event['event_id']} {$event['amount']}\n";
}

// A signed test webhook to your endpoint.
if ($webhookUrl !== null) {
    $delivery = $b2bpay->sendTestWebhook(['url' => $webhookUrl]);
    echo "test webhook {$delivery['event_id']}\n";
}

// Errors carry the API's code, message, field and request id.
try {
    $b2bpay->createOrder(['products' => []]);
} catch (ApiError $error) {
    echo "error {$error->status} {$error->errorCode} {$error->field} {$error->getMessage()} {$error->requestId}\n";
}
