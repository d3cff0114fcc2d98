<?php

declare(strict_types=1);

namespace B2BPay;

/**
 * Webhook endpoints ($client->webhookEndpoints): several addresses, each with its own `whsec_` secret
 * (in the answers of create and rotateSecret only) and its own `enabled_events` (Event::ALL or event
 * types), in the key's mode (test or live).
 */
final class WebhookEndpoints
{
    /** @var callable(string, string, ?array, ?array): mixed */
    private $call;

    /** @param callable(string, string, ?array, ?array): mixed $call the client's request */
    public function __construct(callable $call)
    {
        $this->call = $call;
    }

    /** $query: ['limit' => 1…100, 'starting_after' => the last id of the previous page]. */
    public function list(array $query = []): array
    {
        return ($this->call)('GET', '/api/webhooks/endpoints', $query, null);
    }

    /** $input: ['url' => …, 'description' => …, 'enabled_events' => [...]]. Not repeated after a lost answer. */
    public function create(array $input): array
    {
        return ($this->call)('POST', '/api/webhooks/endpoints', null, $input);
    }

    public function retrieve(string $endpointId): array
    {
        return ($this->call)('GET', self::path($endpointId), null, null);
    }

    /** $input: any of url, description (null removes it), enabled_events, disabled. */
    public function update(string $endpointId, array $input): array
    {
        return ($this->call)('PATCH', self::path($endpointId), null, $input);
    }

    public function delete(string $endpointId): array
    {
        return ($this->call)('DELETE', self::path($endpointId), null, null);
    }

    /** $input: ['expire_old_in_seconds' => 0…604800]. The new secret is in this answer only. */
    public function rotateSecret(string $endpointId, array $input = []): array
    {
        return ($this->call)('POST', self::path($endpointId) . '/secret/rotate', null, $input);
    }

    private static function path(string $endpointId): string
    {
        return '/api/webhooks/endpoints/' . rawurlencode($endpointId);
    }
}
