<?php
// Shown after the module is removed.
use Bitrix\Main\Localization\Loc;

if (!defined('B_PROLOG_INCLUDED') || B_PROLOG_INCLUDED !== true) {
    return;
}
Loc::loadMessages(__FILE__);
?>
<div class="b2bpay-install">
    <p><?= Loc::getMessage('B2BPAY_UNINSTALL_DONE') ?></p>
</div>
