<?php
$MESS['B2BPAY_MODULE_NAME'] = 'B2BPay: рассрочка и кредит для бизнеса';
$MESS['B2BPAY_MODULE_DESCRIPTION'] = 'Платёжная система B2BPay для интернет-магазина: покупатель-организация оформляет рассрочку или кредит, банк оплачивает заказ магазину.';
$MESS['B2BPAY_PARTNER_NAME'] = 'B2BPay';
$MESS['B2BPAY_PARTNER_URI'] = 'https://b2bpay.ru';
$MESS['B2BPAY_INSTALL_TITLE'] = 'Установка модуля B2BPay';
$MESS['B2BPAY_UNINSTALL_TITLE'] = 'Удаление модуля B2BPay';
$MESS['B2BPAY_INSTALL_COPY_FAILED'] = 'Не удалось скопировать обработчик в #PATH#: проверьте права на запись.';
