<?php
// The buyer's payment page: what Bitrix's sale.order.payment component does for an order's payment
// (load the order and the payment, find its pay system, initiatePay streams the handler's template).
require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/modules/main/include/prolog_before.php';

use Bitrix\Main\Application;
use Bitrix\Sale;

header('Content-Type: text/html; charset=' . SITE_CHARSET);
CModule::IncludeModule('sale');
$order = Sale\Order::load((int) ($_GET['ORDER_ID'] ?? 0));
$payment = $order ? $order->getPaymentCollection()->getItemById((int) ($_GET['PAYMENT_ID'] ?? 0)) : null;
if ($payment === null) {
    http_response_code(404);
    echo 'Payment not found';
} else {
    $service = Sale\PaySystem\Manager::getObjectById($payment->getPaymentSystemId());
    $result = $service->initiatePay($payment, Application::getInstance()->getContext()->getRequest());
    if (!$result->isSuccess()) {
        echo '<div class="bx-errors">' . htmlspecialcharsbx(implode("\n", $result->getErrorMessages())) . '</div>';
    }
}
$APPLICATION->FinalActions();
