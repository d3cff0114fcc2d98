<?php

declare(strict_types=1);

namespace B2BPay;

/** A webhook that is not B2BPay's as sent (signature, headers or timestamp): answer 400. */
class WebhookVerificationError extends \RuntimeException
{
}
