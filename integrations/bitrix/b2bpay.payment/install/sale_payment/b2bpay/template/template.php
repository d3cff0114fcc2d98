<?php
// The payment page's B2BPay block: the buyer's link and button while the application is open,
// otherwise what happened. $params: the pay system's settings and the handler's B2BPAY_* values.
use Bitrix\Main\Localization\Loc;

if (!defined('B_PROLOG_INCLUDED') || B_PROLOG_INCLUDED !== true) {
    return;
}
Loc::loadMessages(__FILE__);

$b2bpayLink = (string) $params['B2BPAY_LINK'];
$b2bpayStatus = (string) $params['B2BPAY_STATUS'];
$b2bpayClosed = array(
    'payment_sent' => 'B2BPAY_TPL_PAID',
    'refunded' => 'B2BPAY_TPL_REFUNDED',
    'app_rejected' => 'B2BPAY_TPL_REJECTED',
    'cancelled' => 'B2BPAY_TPL_CANCELLED',
    'client_info_overdue' => 'B2BPAY_TPL_OVERDUE',
);
?>
<div class="b2bpay-payment" data-b2bpay-status="<?= htmlspecialcharsbx($b2bpayStatus) ?>">
    <p class="b2bpay-payment__title"><strong><?= Loc::getMessage('B2BPAY_TPL_TITLE') ?></strong></p>
    <p class="b2bpay-payment__sum"><?= Loc::getMessage('B2BPAY_TPL_SUM', array('#SUM#' => htmlspecialcharsbx($params['B2BPAY_SUM']))) ?></p>
<?php if ($params['B2BPAY_TEST_MODE']): ?>
    <p class="b2bpay-payment__test"><?= Loc::getMessage('B2BPAY_TPL_TEST_MODE') ?></p>
<?php endif; ?>
<?php if ($params['B2BPAY_ERROR'] !== ''): ?>
    <p class="b2bpay-payment__error" role="alert"><?= htmlspecialcharsbx($params['B2BPAY_ERROR']) ?></p>
<?php elseif (isset($b2bpayClosed[$b2bpayStatus])): ?>
    <p class="b2bpay-payment__result"><?= Loc::getMessage($b2bpayClosed[$b2bpayStatus]) ?></p>
<?php elseif ($b2bpayLink !== ''): ?>
    <p><?= Loc::getMessage($b2bpayStatus === 'client_expected' ? 'B2BPAY_TPL_HINT' : 'B2BPAY_TPL_IN_PROGRESS') ?></p>
    <p>
        <a class="btn btn-primary b2bpay-payment__button" href="<?= htmlspecialcharsbx($b2bpayLink) ?>" target="_blank" rel="noopener"><?= Loc::getMessage($b2bpayStatus === 'client_expected' ? 'B2BPAY_TPL_BUTTON' : 'B2BPAY_TPL_BUTTON_STATUS') ?></a>
    </p>
    <p class="b2bpay-payment__link"><?= Loc::getMessage('B2BPAY_TPL_LINK') ?><br><a href="<?= htmlspecialcharsbx($b2bpayLink) ?>" target="_blank" rel="noopener"><?= htmlspecialcharsbx($b2bpayLink) ?></a></p>
<?php endif; ?>
</div>
