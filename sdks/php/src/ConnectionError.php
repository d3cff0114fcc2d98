<?php

declare(strict_types=1);

namespace B2BPay;

/** The request never got an answer (refused, dropped, time limit), retries included. */
class ConnectionError extends \RuntimeException
{
}
