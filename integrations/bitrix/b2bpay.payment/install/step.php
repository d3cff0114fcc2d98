<?php
// Shown after the installation: what to set up next.
use Bitrix\Main\Localization\Loc;

if (!defined('B_PROLOG_INCLUDED') || B_PROLOG_INCLUDED !== true) {
    return;
}
Loc::loadMessages(__FILE__);
?>
<div class="b2bpay-install">
    <p><?= Loc::getMessage('B2BPAY_INSTALL_DONE') ?></p>
    <p><?= Loc::getMessage('B2BPAY_INSTALL_NEXT') ?></p>
</div>
