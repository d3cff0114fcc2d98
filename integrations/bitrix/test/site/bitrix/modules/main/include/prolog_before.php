<?php
// The test site's stand-in for 1C-Bitrix's prolog (Bitrix's core is proprietary and not installed
// here): it loads the stubs of the few Bitrix classes the B2BPay module touches, with the real
// signatures, and the site's settings (charset, where the "database" file is).

if (defined('B_PROLOG_INCLUDED')) {
    return;
}
define('B_PROLOG_INCLUDED', true);

$bxSettings = require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/.settings.php';
define('SITE_CHARSET', $bxSettings['site']['value']['charset']);
define('LANG_CHARSET', SITE_CHARSET);
define('LANGUAGE_ID', 'ru');
define('SITE_ID', 's1');
define('BX_PERSONAL_ROOT', '/bitrix');
define('BX_FILE_PERMISSIONS', 0644);
define('BX_DIR_PERMISSIONS', 0755);
if (SITE_CHARSET === 'UTF-8') {
    define('BX_UTF', true);
}
unset($bxSettings);

// Any notice or warning is a failure of the test, not a line in a log nobody reads.
set_error_handler(static function ($severity, $message, $file, $line) {
    throw new ErrorException($message, 0, $severity, $file, $line);
});
set_exception_handler(static function ($error) {
    if (!headers_sent()) {
        http_response_code(500);
    }
    // php -S prints error_log() lines on its own output, where the test collects them.
    error_log('bitrix-stub: uncaught ' . get_class($error) . ': ' . $error->getMessage()
        . ' at ' . $error->getFile() . ':' . $error->getLine() . "\n" . $error->getTraceAsString());
    echo 'Internal error';
});

require_once __DIR__ . '/../stub/store.php';
require_once __DIR__ . '/../stub/main.php';
require_once __DIR__ . '/../stub/legacy.php';
require_once __DIR__ . '/../../sale/stub/sale.php';
require_once __DIR__ . '/../../sale/stub/paysystem.php';

global $APPLICATION, $USER;
$APPLICATION = new CMain();
$USER = new CUser();
// Bitrix buffers the whole page: a handler's RestartBuffer() drops what was printed before it.
ob_start();
