<?php
// The module's installer (Marketplace › Installed solutions › «Установить»). DoInstall copies the
// pay system's handler to /local/php_interface/include/sale_payment/b2bpay/, where Bitrix lists it
// in «Магазин › Настройки › Платёжные системы», and registers the module. DoUninstall removes both
// and leaves the shop's orders, payments and pay systems as they are.
use Bitrix\Main\Localization\Loc;

Loc::loadMessages(__FILE__);

if (class_exists('b2bpay_payment')) {
    return;
}

class b2bpay_payment extends CModule
{
    public $MODULE_ID = 'b2bpay.payment';
    public $MODULE_VERSION;
    public $MODULE_VERSION_DATE;
    public $MODULE_NAME;
    public $MODULE_DESCRIPTION;
    public $PARTNER_NAME;
    public $PARTNER_URI;

    /** Where Bitrix looks for custom pay system handlers, relative to the site's root. */
    const HANDLER_DIR = '/local/php_interface/include/sale_payment/b2bpay';

    public function __construct()
    {
        $arModuleVersion = array();
        include __DIR__ . '/version.php';
        $this->MODULE_VERSION = $arModuleVersion['VERSION'];
        $this->MODULE_VERSION_DATE = $arModuleVersion['VERSION_DATE'];
        $this->MODULE_NAME = Loc::getMessage('B2BPAY_MODULE_NAME');
        $this->MODULE_DESCRIPTION = Loc::getMessage('B2BPAY_MODULE_DESCRIPTION');
        $this->PARTNER_NAME = Loc::getMessage('B2BPAY_PARTNER_NAME');
        $this->PARTNER_URI = Loc::getMessage('B2BPAY_PARTNER_URI');
    }

    public function DoInstall()
    {
        global $APPLICATION;
        // The module may live in /bitrix/modules or /local/modules: copy from where this file is.
        $copied = CopyDirFiles(__DIR__ . '/sale_payment/b2bpay', $_SERVER['DOCUMENT_ROOT'] . self::HANDLER_DIR, true, true);
        if (!$copied) {
            $APPLICATION->ThrowException(Loc::getMessage('B2BPAY_INSTALL_COPY_FAILED', array('#PATH#' => self::HANDLER_DIR)));
            return false;
        }
        RegisterModule($this->MODULE_ID);
        $APPLICATION->IncludeAdminFile(Loc::getMessage('B2BPAY_INSTALL_TITLE'), __DIR__ . '/step.php');
        return true;
    }

    public function DoUninstall()
    {
        global $APPLICATION;
        // DeleteDirFilesEx takes a path from the site's root.
        DeleteDirFilesEx(self::HANDLER_DIR);
        UnRegisterModule($this->MODULE_ID);
        $APPLICATION->IncludeAdminFile(Loc::getMessage('B2BPAY_UNINSTALL_TITLE'), __DIR__ . '/unstep.php');
        return true;
    }
}
