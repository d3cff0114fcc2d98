<?php
// The pay system's settings in «Магазин › Настройки › Платёжные системы» (Bitrix's business values):
// connection, behaviour on payment, and where the buyer's company and contacts come from.
use Bitrix\Main\Localization\Loc;
use Bitrix\Sale\PaySystem;

Loc::loadMessages(__FILE__);

$b2bpayStatuses = array('' => Loc::getMessage('B2BPAY_SETTING_ORDER_STATUS_NONE'));
if (class_exists('\Bitrix\Sale\OrderStatus')) {
    foreach (\Bitrix\Sale\OrderStatus::getAllStatusesNames() as $b2bpayStatusId => $b2bpayStatusName) {
        $b2bpayStatuses[$b2bpayStatusId] = '[' . $b2bpayStatusId . '] ' . $b2bpayStatusName;
    }
}

$description = array(
    'MAIN' => Loc::getMessage('B2BPAY_DESCRIPTION_MAIN'),
    'RETURN' => Loc::getMessage('B2BPAY_DESCRIPTION_RETURN'),
    'RESTRICTION' => Loc::getMessage('B2BPAY_DESCRIPTION_RESTRICTION'),
    'COMMISSION' => Loc::getMessage('B2BPAY_DESCRIPTION_COMMISSION'),
);

$data = array(
    'NAME' => Loc::getMessage('B2BPAY_NAME'),
    'SORT' => 500,
    'IS_AVAILABLE' => PaySystem\Manager::HANDLER_AVAILABLE_TRUE,
    'CODES' => array(
        'B2BPAY_API_URL' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_API_URL'),
            'DESCRIPTION' => Loc::getMessage('B2BPAY_SETTING_API_URL_DESC'),
            'SORT' => 100,
            'GROUP' => 'CONNECT_SETTINGS_B2BPAY',
            'DEFAULT' => array('PROVIDER_KEY' => 'VALUE', 'PROVIDER_VALUE' => 'https://b2bpay.ru'),
        ),
        'B2BPAY_SECRET_KEY' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_SECRET_KEY'),
            'DESCRIPTION' => Loc::getMessage('B2BPAY_SETTING_SECRET_KEY_DESC'),
            'SORT' => 200,
            'GROUP' => 'CONNECT_SETTINGS_B2BPAY',
        ),
        'B2BPAY_WEBHOOK_SECRET' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_WEBHOOK_SECRET'),
            'DESCRIPTION' => Loc::getMessage('B2BPAY_SETTING_WEBHOOK_SECRET_DESC'),
            'SORT' => 300,
            'GROUP' => 'CONNECT_SETTINGS_B2BPAY',
        ),
        'PS_IS_TEST' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_TEST_MODE'),
            'DESCRIPTION' => Loc::getMessage('B2BPAY_SETTING_TEST_MODE_DESC'),
            'SORT' => 400,
            'GROUP' => 'CONNECT_SETTINGS_B2BPAY',
            'INPUT' => array('TYPE' => 'Y/N'),
            'DEFAULT' => array('PROVIDER_KEY' => 'INPUT', 'PROVIDER_VALUE' => 'N'),
        ),
        'PS_CHANGE_STATUS_PAY' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_CHANGE_STATUS_PAY'),
            'SORT' => 500,
            'GROUP' => 'GENERAL_SETTINGS',
            'INPUT' => array('TYPE' => 'Y/N'),
            'DEFAULT' => array('PROVIDER_KEY' => 'INPUT', 'PROVIDER_VALUE' => 'Y'),
        ),
        'B2BPAY_CHANGE_ORDER_STATUS' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_CHANGE_ORDER_STATUS'),
            'SORT' => 600,
            'GROUP' => 'GENERAL_SETTINGS',
            'INPUT' => array('TYPE' => 'Y/N'),
            'DEFAULT' => array('PROVIDER_KEY' => 'INPUT', 'PROVIDER_VALUE' => 'N'),
        ),
        'B2BPAY_ORDER_STATUS' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_ORDER_STATUS'),
            'SORT' => 700,
            'GROUP' => 'GENERAL_SETTINGS',
            'INPUT' => array('TYPE' => 'ENUM', 'OPTIONS' => $b2bpayStatuses),
            'DEFAULT' => array('PROVIDER_KEY' => 'INPUT', 'PROVIDER_VALUE' => 'P'),
        ),
        'BUYER_COMPANY_NAME' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_BUYER_COMPANY'),
            'SORT' => 800,
            'GROUP' => 'BUYER_COMPANY',
        ),
        'BUYER_COMPANY_INN' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_BUYER_INN'),
            'SORT' => 900,
            'GROUP' => 'BUYER_COMPANY',
        ),
        'BUYER_COMPANY_NAME_CONTACT' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_BUYER_CONTACT'),
            'SORT' => 1000,
            'GROUP' => 'BUYER_COMPANY',
        ),
        'BUYER_COMPANY_EMAIL' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_BUYER_EMAIL'),
            'SORT' => 1100,
            'GROUP' => 'BUYER_COMPANY',
            'DEFAULT' => array('PROVIDER_KEY' => 'USER', 'PROVIDER_VALUE' => 'EMAIL'),
        ),
        'BUYER_COMPANY_PHONE' => array(
            'NAME' => Loc::getMessage('B2BPAY_SETTING_BUYER_PHONE'),
            'SORT' => 1200,
            'GROUP' => 'BUYER_COMPANY',
        ),
    ),
);
