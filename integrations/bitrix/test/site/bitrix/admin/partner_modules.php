<?php
// Marketplace → Installed solutions: «Установить» / «Удалить» of a module in /bitrix/modules or
// /local/modules runs its installer's DoInstall / DoUninstall.
require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/modules/main/include/prolog_before.php';

header('Content-Type: text/html; charset=' . SITE_CHARSET);
$module = CModule::CreateModuleObject((string) ($_GET['id'] ?? ''));
if (!$module) {
    http_response_code(404);
    echo 'Module not found';
} elseif (($_GET['install'] ?? '') === 'Y' && !$module->IsInstalled()) {
    $module->DoInstall();
} elseif (($_GET['uninstall'] ?? '') === 'Y' && $module->IsInstalled()) {
    $module->DoUninstall();
} else {
    http_response_code(409);
    echo 'Nothing to do';
}
$APPLICATION->FinalActions();
