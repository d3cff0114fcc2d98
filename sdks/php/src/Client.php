<?php

declare(strict_types=1);

namespace B2BPay;

/**
 * The B2BPay API for a shop's server: one method per public operation, named as its operationId
 * in the OpenAPI document; bodies and answers are associative arrays as the API documents them.
 *
 * Network errors and 429 are retried (429 after its Retry-After) — network errors only where a
 * repeat is safe: reads, PUTs, and POSTs that carry an Idempotency-Key, which the client adds
 * itself (createOrder, createRefund) and keeps the same across the attempts of one call.
 */
final class Client
{
    public const VERSION = '0.1.0';

    /** @var string */
    private $apiKey;
    /** @var string */
    private $baseUrl;
    /** @var int */
    private $maxRetries;
    /** @var int */
    private $timeoutMs;
    /** @var int */
    private $maxRetryAfterSeconds;
    /** @var callable(float): void */
    private $sleep;
    /** @var callable(): string */
    private $newKey;
    /** @var WebhookEndpoints the shop's webhook endpoints: list, create, retrieve, update, delete, rotateSecret */
    public $webhookEndpoints;

    /**
     * @param string $apiKey the shop's secret key sk_…
     * @param string $baseUrl the B2BPay site, e.g. https://pay.example.ru (no /api)
     * @param array{max_retries?: int, timeout_ms?: int, max_retry_after?: int,
     *              sleep?: callable(float): void, idempotency_key?: callable(): string} $options
     *   max_retries: further attempts after a network error or a 429 (default 2; 0: none);
     *   timeout_ms: one attempt's limit (default 30000); max_retry_after: the longest Retry-After
     *   waited for, in seconds (default 60; a longer one is thrown as the 429); sleep: how to wait
     *   (seconds; tests record instead); idempotency_key: how new keys are made (default a UUID v4).
     */
    public function __construct(string $apiKey, string $baseUrl, array $options = [])
    {
        if ($apiKey === '') {
            throw new \InvalidArgumentException('B2BPay: apiKey is required (the shop secret key sk_…)');
        }
        if ($baseUrl === '') {
            throw new \InvalidArgumentException('B2BPay: baseUrl is required, e.g. https://pay.example.ru');
        }
        $this->apiKey = $apiKey;
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->maxRetries = $options['max_retries'] ?? 2;
        $this->timeoutMs = $options['timeout_ms'] ?? 30000;
        $this->maxRetryAfterSeconds = $options['max_retry_after'] ?? 60;
        $this->sleep = $options['sleep'] ?? static function (float $seconds): void {
            usleep((int) round($seconds * 1000000));
        };
        $this->newKey = $options['idempotency_key'] ?? [self::class, 'uuid4'];
        $this->webhookEndpoints = new WebhookEndpoints(\Closure::fromCallable([$this, 'call']));
    }

    // Orders

    /** POST /api/order/orders. $options: ['idempotency_key' => your own key, e.g. your cart number]. */
    public function createOrder(array $input, array $options = []): array
    {
        return $this->call('POST', '/api/order/orders', null, $input, true, $options);
    }

    public function getOrder(string $orderId): array
    {
        return $this->call('GET', '/api/order/orders/' . rawurlencode($orderId));
    }

    /**
     * $query: page, limit, starting_after (the next page after that order), ending_before (the page just
     * before it), updated_since, status (a string or a list), order_id, date_from, date_to, external_id.
     */
    public function listOrders(array $query = []): array
    {
        return $this->call('GET', '/api/order/orders', $query);
    }

    /**
     * Every order of listOrders' filters, page after page: newest first by the starting_after cursor, or,
     * given ending_before, every order newer than that one, nearest it first (each page walked from its
     * end, the next page the one before its first order).
     * foreach ($client->listAllOrders(['status' => 'payment_sent']) as $order) { … }
     */
    public function listAllOrders(array $query = []): \Generator
    {
        $backwards = isset($query['ending_before']);
        unset($query['page'], $query['starting_after']);
        return $this->walkPages('/api/order/orders', $query, $backwards ? 'ending_before' : 'starting_after', 'id', $backwards);
    }

    public function getOrderHistory(string $orderId): array
    {
        return $this->call('GET', '/api/order/orders/' . rawurlencode($orderId) . '/history');
    }

    /** PUT /api/order/orders/{id}/products: the whole new list of products. */
    public function replaceOrderProducts(string $orderId, array $products): array
    {
        return $this->call('PUT', '/api/order/orders/' . rawurlencode($orderId) . '/products', null, array_values($products));
    }

    /** $input: ['reason' => '…'] (optional). Not repeated after a lost answer: read the order first. */
    public function cancelOrder(string $orderId, array $input = []): array
    {
        return $this->call('POST', '/api/order/orders/' . rawurlencode($orderId) . '/cancel', null, $input);
    }

    /** $input: amount (roubles), reason, products (optional). Idempotency-Key as createOrder. */
    public function createRefund(string $orderId, array $input, array $options = []): array
    {
        return $this->call('POST', '/api/order/orders/' . rawurlencode($orderId) . '/refunds', null, $input, true, $options);
    }

    public function listRefunds(string $orderId): array
    {
        return $this->call('GET', '/api/order/orders/' . rawurlencode($orderId) . '/refunds');
    }

    /** The orders as CSV text (UTF-8), with listOrders' filters. */
    public function exportOrdersCsv(array $query = []): string
    {
        return $this->call('GET', '/api/order/orders/export.csv', $query, null, false, [], true);
    }

    // Event log: the events the webhooks carry, oldest first; page on with ['after' => last event_id].

    /** $query: after, limit, type (a string or a list), order_id. */
    public function listEvents(array $query = []): array
    {
        return $this->call('GET', '/api/order/events', $query);
    }

    /** Every event of listEvents' filters, oldest first, page after page by the after cursor. */
    public function listAllEvents(array $query = []): \Generator
    {
        unset($query['after']);
        return $this->walkPages('/api/order/events', $query, 'after', 'event_id', false);
    }

    // Shop settings, keys and webhooks

    public function getShopSettings(): array
    {
        return $this->call('GET', '/api/shop/settings');
    }

    public function updateShopSettings(array $input): array
    {
        return $this->call('PUT', '/api/shop/settings', null, $input);
    }

    /** The new key is in this answer only. Not repeated after a lost answer (it would rotate twice). */
    public function rotateShopKey(array $input): array
    {
        return $this->call('POST', '/api/shop/keys/rotate', null, $input);
    }

    /** $input: ['url' => '…'] (optional: the shop's webhook address by default). */
    public function sendTestWebhook(array $input = []): array
    {
        return $this->call('POST', '/api/webhooks/test', null, $input);
    }

    public function listWebhookDeliveries(array $query = []): array
    {
        return $this->call('GET', '/api/webhooks/deliveries', $query);
    }

    /** Every delivery of listWebhookDeliveries' filters, newest first, page after page by starting_after. */
    public function listAllWebhookDeliveries(array $query = []): \Generator
    {
        unset($query['page'], $query['starting_after']);
        return $this->walkPages('/api/webhooks/deliveries', $query, 'starting_after', 'id', false);
    }

    public function retryWebhookDelivery(string $deliveryId, array $input = []): array
    {
        return $this->call('POST', '/api/webhooks/deliveries/' . rawurlencode($deliveryId) . '/retry', null, $input);
    }

    /** A delivery waiting for its retry: the next attempt now (409 DELIVERY_NOT_WAITING otherwise). */
    public function sendWebhookDeliveryNow(string $deliveryId): array
    {
        return $this->call('POST', '/api/webhooks/deliveries/' . rawurlencode($deliveryId) . '/send-now');
    }

    /** $input: ['since' => ISO 8601, 'url' => optional]. */
    public function resendFailedWebhooks(array $input): array
    {
        return $this->call('POST', '/api/webhooks/deliveries/resend', null, $input);
    }

    public function getWebhookHealth(): array
    {
        return $this->call('GET', '/api/webhooks/health');
    }

    /** A random (version 4) UUID, the default Idempotency-Key. */
    public static function uuid4(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

    /**
     * @param array<string, mixed>|null $query
     * @param array<mixed>|null $body
     * @return mixed
     */
    /**
     * Every item of a cursor list, page after page: each page's items walking away from the cursor
     * ($cursor names it in the query; $backwards: the list is read towards its start, as ending_before
     * does), until an empty page or one without has_more.
     */
    private function walkPages(string $path, array $query, string $cursor, string $idField, bool $backwards): \Generator
    {
        while (true) {
            $page = $this->call('GET', $path, $query);
            $items = $backwards ? array_reverse($page['items']) : $page['items'];
            foreach ($items as $item) {
                yield $item;
            }
            $next = end($items);
            if ($next === false || empty($page['has_more'])) {
                return;
            }
            $query[$cursor] = $next[$idField];
        }
    }

    private function call(
        string $method,
        string $path,
        ?array $query = null,
        ?array $body = null,
        bool $idempotent = false,
        array $options = [],
        bool $text = false
    ) {
        $url = $this->baseUrl . $path . self::queryString($query ?? []);
        $headers = [
            'Authorization: Bearer ' . $this->apiKey,
            'Accept: ' . ($text ? 'text/csv' : 'application/json'),
            'User-Agent: b2bpay-php/' . self::VERSION,
            'Expect:',
        ];
        $payload = null;
        if ($body !== null) {
            // An empty PHP array is an empty JSON object here: every body the API takes is an object
            // except replaceOrderProducts' list, which is never empty.
            $payload = $body === [] ? '{}' : json_encode($body, JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
            $headers[] = 'Content-Type: application/json';
        }
        if ($idempotent) {
            $headers[] = 'Idempotency-Key: ' . ($options['idempotency_key'] ?? ($this->newKey)());
        }
        // A repeat after a lost answer is safe when the API cannot do the work twice.
        $repeatable = $method !== 'POST' || $idempotent;

        for ($attempt = 0; ; $attempt++) {
            $answer = $this->send($method, $url, $headers, $payload);
            if ($answer['error'] !== null) {
                if ($repeatable && $attempt < $this->maxRetries) {
                    ($this->sleep)(self::backoff($attempt));
                    continue;
                }
                throw new ConnectionError("B2BPay: $method $path: " . $answer['error']);
            }
            $status = $answer['status'];
            if ($status >= 200 && $status < 300) {
                if ($text) {
                    return $answer['body'];
                }
                return json_decode($answer['body'], true, 512, JSON_THROW_ON_ERROR);
            }
            $retryAfter = isset($answer['headers']['retry-after']) && ctype_digit($answer['headers']['retry-after'])
                ? (int) $answer['headers']['retry-after']
                : null;
            // A 429 did nothing: any call may be repeated, once the API's wait is over.
            if ($status === 429 && $attempt < $this->maxRetries && ($retryAfter ?? 0) <= $this->maxRetryAfterSeconds) {
                ($this->sleep)($retryAfter ?? self::backoff($attempt));
                continue;
            }
            $decoded = json_decode($answer['body'], true);
            throw new ApiError(
                $status,
                $decoded === null ? $answer['body'] : $decoded,
                $answer['headers']['x-request-id'] ?? null,
                $retryAfter
            );
        }
    }

    /** 0.5 s, 1 s, 2 s … up to 8 s between attempts when the API gives no Retry-After. */
    private static function backoff(int $attempt): float
    {
        return min(8.0, 0.5 * (2 ** $attempt));
    }

    /** Lists repeat the name (status=a&status=b), as the API reads them; nulls are left out. */
    private static function queryString(array $query): string
    {
        $parts = [];
        foreach ($query as $name => $value) {
            foreach (is_array($value) ? $value : [$value] as $one) {
                if ($one === null) {
                    continue;
                }
                if (is_bool($one)) {
                    $one = $one ? 'true' : 'false';
                }
                $parts[] = rawurlencode((string) $name) . '=' . rawurlencode((string) $one);
            }
        }
        return $parts === [] ? '' : '?' . implode('&', $parts);
    }

    /**
     * One attempt over curl.
     *
     * @param list<string> $headers
     * @return array{status: int, headers: array<string, string>, body: string, error: string|null}
     */
    private function send(string $method, string $url, array $headers, ?string $payload): array
    {
        $received = [];
        $curl = curl_init($url);
        $options = [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_TIMEOUT_MS => $this->timeoutMs,
            CURLOPT_CONNECTTIMEOUT_MS => min($this->timeoutMs, 10000),
            CURLOPT_HEADERFUNCTION => static function ($handle, string $line) use (&$received): int {
                if (preg_match('#^HTTP/\S+\s+\d+#', $line)) {
                    $received = []; // a new answer (after 100 Continue or a redirect)
                } elseif (strpos($line, ':') !== false) {
                    [$name, $value] = explode(':', $line, 2);
                    $received[strtolower(trim($name))] = trim($value);
                }
                return strlen($line);
            },
        ];
        if ($payload !== null) {
            $options[CURLOPT_POSTFIELDS] = $payload;
        }
        curl_setopt_array($curl, $options);
        $body = curl_exec($curl);
        $error = $body === false ? (curl_error($curl) ?: 'no answer') : null;
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        return ['status' => $status, 'headers' => $received, 'body' => $body === false ? '' : (string) $body, 'error' => $error];
    }
}
