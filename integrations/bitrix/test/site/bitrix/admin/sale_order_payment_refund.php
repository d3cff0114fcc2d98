<?php
// The admin returns money of a paid payment: the pay system's refund($payment, $sum) through
// Service::refund, then what Bitrix does with the result (Payment::onFieldModify for IS_RETURN):
// MONEY_LEAVING for the whole payment makes it unpaid and returned. Bitrix's own order form returns
// whole payments only; a partial return is this same call with a smaller sum from an admin action.
require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/modules/main/include/prolog_before.php';

use Bitrix\Sale;
use Bitrix\Sale\PaySystem\ServiceResult;
use BitrixStub\Store;

header('Content-Type: application/json; charset=utf-8');
CModule::IncludeModule('sale');
$order = Sale\Order::load((int) ($_POST['order_id'] ?? 0));
$payment = $order ? $order->getPaymentCollection()->getItemById((int) ($_POST['payment_id'] ?? 0)) : null;
if ($payment === null) {
    http_response_code(404);
    echo json_encode(['errors' => ['Payment not found']]);
} else {
    $sum = (float) ($_POST['sum'] ?? 0);
    $service = Sale\PaySystem\Manager::getObjectById($payment->getPaymentSystemId());
    $result = $service->refund($payment, $sum);
    $applied = false;
    if ($result->isSuccess() && $result instanceof ServiceResult) {
        if ($result->getPsData()) {
            $payment->setFields($result->getPsData());
        }
        if ($result->getOperationType() === ServiceResult::MONEY_LEAVING && round($sum, 2) === $payment->getSum()) {
            $payment->setField('IS_RETURN', Sale\Payment::RETURN_PS);
            $payment->setPaid('N');
        }
        $applied = $order->save()->isSuccess();
    }
    echo json_encode(Store::convert([
        'success' => $result->isSuccess(),
        'applied' => $applied,
        'operation' => $result instanceof ServiceResult ? $result->getOperationType() : null,
        'errors' => $result->getErrorMessages(),
    ], SITE_CHARSET, 'UTF-8'), JSON_UNESCAPED_UNICODE);
}
$APPLICATION->FinalActions();
