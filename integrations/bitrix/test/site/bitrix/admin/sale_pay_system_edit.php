<?php
// «Магазин › Настройки › Платёжные системы» → a pay system's form: what Bitrix reads from its
// handler to draw it (the settings from .description.php, the client type it stores as
// PS_CLIENT_TYPE, whether returns are offered, the currencies), as JSON for the test.
require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/modules/main/include/prolog_before.php';

use Bitrix\Sale\PaySystem;
use BitrixStub\Store;

header('Content-Type: application/json; charset=utf-8');
CModule::IncludeModule('sale');
$service = PaySystem\Manager::getObjectById((int) ($_GET['ID'] ?? 0));
if ($service === null) {
    http_response_code(404);
    echo json_encode(array('error' => 'Pay system not found'));
} else {
    $description = $service->getHandlerDescription();
    echo json_encode(Store::convert(array(
        'name' => $description['NAME'] ?? null,
        'codes' => $description['CODES'] ?? array(),
        'client_type' => $service->getClientTypeFromHandler(),
        'refundable' => $service->isRefundable(),
        'currency' => $service->getCurrency(),
    ), SITE_CHARSET, 'UTF-8'), JSON_UNESCAPED_UNICODE);
}
$APPLICATION->FinalActions();
