<?php

declare(strict_types=1);

namespace B2BPay;

/**
 * An answer other than 2xx. The API's error object is in the properties: $errorCode
 * (VALIDATION_ERROR, NOT_FOUND, ORDER_STATUS_CONFLICT, RATE_LIMITED …), getMessage() (Russian, for people),
 * $field, $errors (every field's error), $requestId (quote it to support), $orderId, $orderStatus (with ORDER_STATUS_CONFLICT: the status
 * the order is in). A body that is
 * not one (a proxy's page) gives the code "HTTP_<status>".
 */
class ApiError extends \RuntimeException
{
    /** @var int */
    public $status;
    /** @var string */
    public $errorCode;
    /** @var string|null */
    public $field;
    /** @var string|null */
    public $requestId;
    /** @var string|null */
    public $orderId;
    /** @var string|null */
    public $orderStatus;
    /** @var array<int, array<string, mixed>> */
    public $errors;
    /** @var int|null seconds the API asked to wait (Retry-After) */
    public $retryAfter;
    /** @var mixed the decoded body, or the raw text when it is not JSON */
    public $body;

    /** @param mixed $body */
    public function __construct(int $status, $body, ?string $requestId = null, ?int $retryAfter = null)
    {
        $error = is_array($body) && isset($body['error']) && is_array($body['error']) ? $body['error'] : null;
        $parsed = $error !== null && is_string($error['code'] ?? null) && is_string($error['message'] ?? null);
        parent::__construct($parsed ? $error['message'] : "HTTP $status", $status);
        $this->status = $status;
        $this->errorCode = $parsed ? $error['code'] : "HTTP_$status";
        $this->field = $parsed ? ($error['field'] ?? null) : null;
        $this->requestId = ($parsed ? ($error['request_id'] ?? null) : null) ?? $requestId;
        $this->orderId = $parsed ? ($error['order_id'] ?? null) : null;
        $this->orderStatus = $parsed ? ($error['order_status'] ?? null) : null;
        $this->errors = $parsed && isset($body['errors']) && is_array($body['errors']) ? $body['errors'] : [];
        $this->retryAfter = $retryAfter;
        $this->body = $body;
    }
}
