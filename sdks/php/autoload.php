<?php
// Without Composer: require_once __DIR__ . '/path/to/sdks/php/autoload.php';
require_once __DIR__ . '/src/ApiError.php';
require_once __DIR__ . '/src/ConnectionError.php';
require_once __DIR__ . '/src/WebhookVerificationError.php';
require_once __DIR__ . '/src/Webhook.php';
require_once __DIR__ . '/src/Event.php';
require_once __DIR__ . '/src/WebhookEndpoints.php';
require_once __DIR__ . '/src/Client.php';
