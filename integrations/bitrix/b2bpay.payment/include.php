<?php
// The module's classes: the B2BPay PHP SDK (B2BPay\…, copied into lib/sdk/ by the build) and the
// module's own helpers (B2BPay\Bitrix\…). Bitrix's autoloader loads each file when first used.
\Bitrix\Main\Loader::registerAutoLoadClasses('b2bpay.payment', array(
    'B2BPay\\ApiError' => 'lib/sdk/ApiError.php',
    'B2BPay\\Client' => 'lib/sdk/Client.php',
    'B2BPay\\ConnectionError' => 'lib/sdk/ConnectionError.php',
    'B2BPay\\Event' => 'lib/sdk/Event.php',
    'B2BPay\\Webhook' => 'lib/sdk/Webhook.php',
    'B2BPay\\WebhookEndpoints' => 'lib/sdk/WebhookEndpoints.php',
    'B2BPay\\WebhookVerificationError' => 'lib/sdk/WebhookVerificationError.php',
    'B2BPay\\Bitrix\\Charset' => 'lib/Charset.php',
    'B2BPay\\Bitrix\\EventRecord' => 'lib/EventRecord.php',
    'B2BPay\\Bitrix\\Money' => 'lib/Money.php',
    'B2BPay\\Bitrix\\Notification' => 'lib/Notification.php',
    'B2BPay\\Bitrix\\OrderRequest' => 'lib/OrderRequest.php',
));
