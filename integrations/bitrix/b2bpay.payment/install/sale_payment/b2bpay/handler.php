<?php

namespace Sale\Handlers\PaySystem;

use B2BPay\ApiError;
use B2BPay\Bitrix\Charset;
use B2BPay\Bitrix\EventRecord;
use B2BPay\Bitrix\Money;
use B2BPay\Bitrix\Notification;
use B2BPay\Bitrix\OrderRequest;
use B2BPay\Client;
use B2BPay\ConnectionError;
use B2BPay\Webhook;
use B2BPay\WebhookVerificationError;
use Bitrix\Main\Error;
use Bitrix\Main\Loader;
use Bitrix\Main\Localization\Loc;
use Bitrix\Main\Request;
use Bitrix\Main\Type\DateTime;
use Bitrix\Sale\Payment;
use Bitrix\Sale\PaySystem;

Loc::loadMessages(__FILE__);
Loader::includeModule('b2bpay.payment');

/**
 * B2BPay, B2B instalments and credit, as a 1C-Bitrix pay system: one B2BPay order per
 * Bitrix payment with the buyer's link on the payment page, the payment marked paid by B2BPay's
 * signed webhook at /bitrix/tools/sale_ps_result.php, refunds through B2BPay's refunds.
 *
 * Nothing here ends the script (no die/exit): Bitrix saves the order after processRequest and
 * finishes the page itself. Errors go to Bitrix's pay system log (PaySystem\Logger, a database
 * table), never to a file.
 */
class B2bpayHandler extends PaySystem\ServiceHandler implements PaySystem\IRefundExtended
{
    /** ServiceResult data: the HTTP status sendResponse answers B2BPay's webhook with. */
    const RESPONSE_STATUS = 'B2BPAY_RESPONSE_STATUS';

    /** A short PS_STATUS_CODE (the column holds 5 characters) for each B2BPay order status. */
    const STATUS_CODES = array(
        'client_expected' => 'new',
        'bank_info_expected' => 'check',
        'app_approved' => 'appr',
        'app_rejected' => 'rej',
        'payment_sent' => 'paid',
        'client_info_overdue' => 'late',
        'cancelled' => 'canc',
        'refunded' => 'refnd',
    );

    /**
     * The payment page: finds or creates the payment's B2BPay order and shows the buyer's link.
     *
     * @return PaySystem\ServiceResult
     */
    public function initiatePay(Payment $payment, ?Request $request = null)
    {
        $result = new PaySystem\ServiceResult();
        $order = null;
        $error = '';
        if (!self::moduleLoaded()) {
            $error = Loc::getMessage('B2BPAY_ERROR_NO_MODULE');
        } else {
            try {
                $client = $this->client($payment, array('timeout_ms' => 10000, 'max_retries' => 1, 'max_retry_after' => 5));
                $order = $this->orderFor($client, $payment, $result, $request);
                $order = $this->followPayment($client, $payment, $order);
            } catch (\InvalidArgumentException $exception) {
                $error = Loc::getMessage('B2BPAY_ERROR_SETTINGS');
            } catch (ApiError $exception) {
                $error = Loc::getMessage('B2BPAY_ERROR_API', array('#MESSAGE#' => Charset::fromUtf8($exception->getMessage())));
            } catch (ConnectionError $exception) {
                $error = Loc::getMessage('B2BPAY_ERROR_CONNECTION');
            } catch (\RuntimeException $exception) {
                $error = $exception->getMessage();
            } catch (\Exception $exception) {
                // An answer that is not B2BPay's (a proxy's page instead of JSON).
                PaySystem\Logger::addError(__CLASS__ . ': initiatePay: ' . $exception->getMessage());
                $error = Loc::getMessage('B2BPAY_ERROR_CONNECTION');
            }
        }

        $this->setExtraParams(array(
            'B2BPAY_LINK' => $error === '' && $order !== null ? (string) $order['link'] : '',
            'B2BPAY_STATUS' => $error === '' && $order !== null ? (string) $order['status'] : '',
            'B2BPAY_SUM' => Money::text(Money::kopecks($payment->getSum())),
            'B2BPAY_ERROR' => $error,
            'B2BPAY_TEST_MODE' => $this->isTestMode($payment),
        ));
        $shown = $this->showTemplate($payment, 'template');
        if ($shown->isSuccess()) {
            $result->setTemplate($shown->getTemplate());
        } else {
            $result->addErrors($shown->getErrors());
        }
        if ($error !== '') {
            $result->addError(new Error($error));
        } elseif ($order !== null) {
            $result->setPaymentUrl((string) $order['link']);
        }
        return $result;
    }

    /**
     * The order once per payment: the one named in PS_INVOICE_ID, else a new one whose
     * external_id is the payment's id. Reloads and a lost PS_INVOICE_ID come back to the same
     * order: B2BPay answers a second create with that external_id with 409 naming it.
     *
     * @return array<string, mixed>
     */
    private function orderFor(Client $client, Payment $payment, PaySystem\ServiceResult $result, ?Request $request): array
    {
        $known = (string) $payment->getField('PS_INVOICE_ID');
        if ($known !== '') {
            try {
                return $this->ownOrder($client->getOrder($known), $payment);
            } catch (ApiError $exception) {
                if ($exception->status !== 404) {
                    throw $exception;
                }
                // Not in this B2BPay shop (the keys were changed): the payment gets an order there.
            }
        }

        if ($request === null) {
            $request = \Bitrix\Main\Application::getInstance()->getContext()->getRequest();
        }
        $body = OrderRequest::create(
            $payment,
            $this->buyer($payment),
            $this->lineTexts(),
            $this->service->getField('ID'),
            OrderRequest::pages($request)
        );
        for ($attempt = 0; ; $attempt++) {
            try {
                $order = $client->createOrder($body, array('idempotency_key' => self::creationKey($payment, $body)));
                break;
            } catch (ApiError $exception) {
                if ($exception->errorCode === 'DUPLICATE_EXTERNAL_ID' && $exception->orderId !== null) {
                    $order = $client->getOrder($exception->orderId);
                    break;
                }
                // The way back to the site is a convenience: an address B2BPay refuses (http:// to a
                // production B2BPay) is left out rather than failing the payment.
                $field = (string) $exception->field;
                if ($attempt < 5 && $exception->status === 400 && ($field === 'return_url' || $field === 'cancel_url')
                    && isset($body[$field])) {
                    unset($body[$field]);
                    continue;
                }
                // The buyer's details only prefill the form: a value B2BPay refuses (a landline
                // phone: the buyer's must be a mobile) is left out, the rest is still sent.
                if ($attempt < 5 && $exception->status === 400 && isset($body['client'])
                    && strpos((string) $exception->field, 'client') === 0) {
                    $body['client'] = self::withoutRefused($body['client'], (string) $exception->field);
                    if ($body['client'] === array()) {
                        unset($body['client']);
                    }
                    continue;
                }
                throw $exception;
            }
        }
        $order = $this->ownOrder($order, $payment);
        $result->setPsData(array('PS_INVOICE_ID' => (string) $order['id']));
        return $order;
    }

    /**
     * The prefill without the field B2BPay refused (`client.phone_number`), or without any field
     * when the error names the whole `client`.
     *
     * @param array<string, string> $prefill
     * @return array<string, string>
     */
    private static function withoutRefused(array $prefill, $field)
    {
        $name = substr($field, strlen('client.'));
        if (strpos($field, 'client.') === 0 && isset($prefill[$name])) {
            unset($prefill[$name]);
            return $prefill;
        }
        return array();
    }

    /**
     * The B2BPay order follows a payment whose sum changed (the manager edited the order) while
     * the buyer has not applied yet; after that the amount is the bank's and cannot move.
     *
     * @param array<string, mixed> $order
     * @return array<string, mixed>
     */
    private function followPayment(Client $client, Payment $payment, array $order): array
    {
        $due = Money::kopecks($payment->getSum());
        $amount = Money::kopecks($order['amount']);
        if ($amount === $due || $payment->isPaid()) {
            return $order;
        }
        if ($order['status'] === 'client_expected') {
            return $client->replaceOrderProducts((string) $order['id'], OrderRequest::products($payment, $this->lineTexts()));
        }
        if (in_array($order['status'], array('bank_info_expected', 'app_approved'), true)) {
            throw new \RuntimeException(Loc::getMessage('B2BPAY_ERROR_SUM_CHANGED', array(
                '#AMOUNT#' => Money::text($amount),
                '#DUE#' => Money::text($due),
            )));
        }
        return $order;
    }

    /**
     * @param array<string, mixed> $order
     * @return array<string, mixed>
     */
    private function ownOrder(array $order, Payment $payment): array
    {
        $metadata = isset($order['metadata']) && is_array($order['metadata']) ? $order['metadata'] : array();
        if (($order['external_id'] ?? null) !== (string) $payment->getId()
            || ($metadata['bx_order'] ?? null) !== (string) $payment->getOrder()->getId()) {
            PaySystem\Logger::addError(__CLASS__ . ': B2BPay order ' . $order['id'] . ' is not of payment ' . $payment->getId());
            throw new \RuntimeException(Loc::getMessage('B2BPAY_ERROR_FOREIGN_ORDER', array('#PAYMENT#' => $payment->getId())));
        }
        return $order;
    }

    /** The same request body under the same key: a retry replays B2BPay's first answer. */
    private static function creationKey(Payment $payment, array $body): string
    {
        return 'bitrix-payment-' . $payment->getId() . '-' . substr(sha1(json_encode($body)), 0, 16);
    }

    /**
     * The buyer's company and contacts: the pay system's settings when mapped to order
     * properties, else the properties of Bitrix's legal-entity payer type (COMPANY, INN,
     * CONTACT_PERSON) and the order's e-mail and phone properties.
     *
     * @return array<string, string|null>
     */
    private function buyer(Payment $payment): array
    {
        $properties = $payment->getOrder()->getPropertyCollection();
        $property = static function ($item) {
            return $item === null ? null : (string) $item->getValue();
        };
        $value = function ($code, $fallback) use ($payment) {
            $mapped = $this->getBusinessValue($payment, $code);
            return is_string($mapped) && $mapped !== '' ? $mapped : $fallback;
        };
        return array(
            'organization_name' => $value('BUYER_COMPANY_NAME', $property($properties->getItemByOrderPropertyCode('COMPANY'))),
            'inn' => $value('BUYER_COMPANY_INN', $property($properties->getItemByOrderPropertyCode('INN'))),
            'full_name' => $value('BUYER_COMPANY_NAME_CONTACT', $property($properties->getItemByOrderPropertyCode('CONTACT_PERSON'))),
            'email' => $value('BUYER_COMPANY_EMAIL', $property($properties->getUserEmail())),
            'phone_number' => $value('BUYER_COMPANY_PHONE', $property($properties->getPhone())),
        );
    }

    /** @return array{delivery: string, product: string, whole: string, part: string} */
    private function lineTexts(): array
    {
        return array(
            'delivery' => Loc::getMessage('B2BPAY_LINE_DELIVERY'),
            'product' => Loc::getMessage('B2BPAY_LINE_PRODUCT'),
            'whole' => Loc::getMessage('B2BPAY_LINE_WHOLE_PAYMENT'),
            'part' => Loc::getMessage('B2BPAY_LINE_FRACTIONAL'),
        );
    }

    /** B2BPay's webhooks carry the metadata this module puts on its orders. */
    public static function isMyResponse(Request $request, $paySystemId)
    {
        return Notification::isFor($paySystemId);
    }

    public function getPaymentIdFromRequest(Request $request)
    {
        return Notification::paymentId();
    }

    /**
     * A B2BPay webhook for this payment. Bitrix applies the result: MONEY_COMING marks the payment
     * paid, the PS_* fields are stored, and the order is saved.
     *
     * @return PaySystem\ServiceResult
     */
    public function processRequest(Payment $payment, Request $request)
    {
        $result = new PaySystem\ServiceResult();
        if (!self::moduleLoaded()) {
            $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_NO_MODULE')));
            $result->setData(array(self::RESPONSE_STATUS => 503));
            return $result;
        }
        try {
            $event = Webhook::verify(Notification::body(), $_SERVER, (string) $this->getBusinessValue($payment, 'B2BPAY_WEBHOOK_SECRET'));
        } catch (WebhookVerificationError $exception) {
            $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_SIGNATURE', array('#REASON#' => $exception->getMessage()))));
            $result->setData(array(self::RESPONSE_STATUS => 400));
            return $result;
        }

        $orderId = (string) ($event['order_id'] ?? '');
        $status = (string) ($event['status'] ?? '');
        $metadata = isset($event['metadata']) && is_array($event['metadata']) ? $event['metadata'] : array();
        $known = (string) $payment->getField('PS_INVOICE_ID');
        if ($payment->getOrder()->isCanceled()
            || ($known !== '' && $known !== $orderId)
            || ($metadata['bx_order'] ?? null) !== (string) $payment->getOrder()->getId()) {
            return $result; // A cancelled order, or not this payment's B2BPay order: received, nothing to do.
        }
        $incoming = new EventRecord(
            (int) ($event['sequence'] ?? 0),
            (string) ($event['event'] ?? ''),
            (string) ($_SERVER['HTTP_WEBHOOK_ID'] ?? '')
        );
        $applied = EventRecord::parse($payment->getField('PS_STATUS_MESSAGE'));
        if ($applied !== null && $applied->covers($incoming)) {
            return $result;
        }

        $fields = array(
            'PS_INVOICE_ID' => $orderId,
            'PS_STATUS_MESSAGE' => $incoming->text(),
            'PS_RESPONSE_DATE' => new DateTime(),
        );
        if ($incoming->event === 'order.payment.completed') {
            $fields += $this->paid($payment, $event, $result);
        } elseif ($incoming->event === 'order.status.changed' && isset(self::STATUS_CODES[$status])) {
            $fields['PS_STATUS_CODE'] = self::STATUS_CODES[$status];
            if ($status !== 'payment_sent') {
                $fields['PS_STATUS_DESCRIPTION'] = Loc::getMessage('B2BPAY_STATUS_' . strtoupper($status));
            }
            if (in_array($status, array('app_rejected', 'cancelled', 'client_info_overdue'), true)) {
                $fields['PS_STATUS'] = 'N';
            }
        } elseif ($incoming->event === 'order.refund.created' && isset($event['refund']['amount'])) {
            $fields['PS_STATUS_DESCRIPTION'] = Loc::getMessage('B2BPAY_STATUS_REFUND', array(
                '#AMOUNT#' => Money::text(Money::kopecks($event['refund']['amount'])),
                '#TOTAL#' => Money::text(Money::kopecks($event['refunded_amount'] ?? 0)),
            ));
        }
        $result->setPsData($fields);
        return $result;
    }

    /**
     * order.payment.completed: the bank paid the shop. Paid only when the amount is the payment's.
     *
     * @param array<string, mixed> $event
     * @return array<string, mixed>
     */
    private function paid(Payment $payment, array $event, PaySystem\ServiceResult $result): array
    {
        $paid = Money::kopecks($event['amount'] ?? 0);
        $due = Money::kopecks($payment->getSum());
        if ($paid !== $due) {
            PaySystem\Logger::addError(__CLASS__ . ": payment {$payment->getId()}: B2BPay paid $paid kopecks, $due due");
            return array(
                'PS_STATUS' => 'N',
                'PS_STATUS_CODE' => 'sum',
                'PS_STATUS_DESCRIPTION' => Loc::getMessage('B2BPAY_STATUS_SUM_MISMATCH', array(
                    '#PAID#' => Money::text($paid),
                    '#DUE#' => Money::text($due),
                )),
            );
        }
        if ($this->flag($payment, 'PS_CHANGE_STATUS_PAY', true)) {
            $result->setOperationType(PaySystem\ServiceResult::MONEY_COMING);
        }
        $status = (string) $this->getBusinessValue($payment, 'B2BPAY_ORDER_STATUS');
        if ($this->flag($payment, 'B2BPAY_CHANGE_ORDER_STATUS', false) && $status !== '') {
            $payment->getOrder()->setField('STATUS_ID', $status);
        }
        $payout = isset($event['payout']) && is_array($event['payout']) ? $event['payout'] : array();
        return array(
            'PS_STATUS' => 'Y',
            'PS_STATUS_CODE' => self::STATUS_CODES['payment_sent'],
            'PS_SUM' => Money::roubles($paid),
            'PS_CURRENCY' => 'RUB',
            'PS_STATUS_DESCRIPTION' => Loc::getMessage('B2BPAY_STATUS_PAID', array(
                '#AMOUNT#' => Money::text($paid),
                '#BANK#' => Charset::fromUtf8((string) ($payout['bank'] ?? '')),
                '#REFERENCE#' => Charset::fromUtf8((string) ($payout['reference'] ?? '')),
            )),
        );
    }

    /** B2BPay repeats a webhook until it gets a 2xx: 200 once applied, 400 for a forgery, 500 to be retried. */
    public function sendResponse(PaySystem\ServiceResult $result, Request $request)
    {
        global $APPLICATION;
        $data = $result->getData();
        $status = isset($data[self::RESPONSE_STATUS]) ? (int) $data[self::RESPONSE_STATUS] : ($result->isResultApplied() ? 200 : 500);
        if (is_object($APPLICATION)) {
            $APPLICATION->RestartBuffer();
        }
        if (!headers_sent()) {
            http_response_code($status);
            header('Content-Type: application/json; charset=utf-8');
        }
        echo $status < 300 ? '{"received":true}' : '{"received":false}';
        return '';
    }

    /**
     * A return of $refundableSum roubles through B2BPay's refunds. The key is the payment and the
     * amount, so a repeated click or a retry after a lost answer never returns the money twice.
     *
     * @return PaySystem\ServiceResult
     */
    public function refund(Payment $payment, $refundableSum)
    {
        $result = new PaySystem\ServiceResult();
        $amount = Money::kopecks($refundableSum);
        $orderId = (string) $payment->getField('PS_INVOICE_ID');
        if (!self::moduleLoaded()) {
            return $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_NO_MODULE')));
        }
        if ($orderId === '' || $amount <= 0) {
            return $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_NOT_REFUNDABLE')));
        }
        try {
            $refund = $this->client($payment)->createRefund(
                $orderId,
                array(
                    'amount' => Money::roubles($amount),
                    'reason' => Charset::toUtf8(Loc::getMessage('B2BPAY_REFUND_REASON', array(
                        '#PAYMENT#' => $payment->getField('ACCOUNT_NUMBER'),
                    ))),
                ),
                array('idempotency_key' => 'bitrix-refund-' . $payment->getId() . '-' . $amount)
            );
        } catch (\InvalidArgumentException $exception) {
            return $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_SETTINGS')));
        } catch (ApiError $exception) {
            return $result->addError(new Error(Charset::fromUtf8($exception->getMessage())));
        } catch (ConnectionError $exception) {
            return $result->addError(new Error(Loc::getMessage('B2BPAY_ERROR_CONNECTION')));
        }
        $text = Loc::getMessage('B2BPAY_REFUND_DONE', array(
            '#AMOUNT#' => Money::text($amount),
            '#ID#' => (string) $refund['id'],
        ));
        $result->setOperationType(PaySystem\ServiceResult::MONEY_LEAVING);
        // The return's own field; PS_STATUS_DESCRIPTION is the webhook's, which knows the total returned.
        $result->setPsData(array('PAY_RETURN_COMMENT' => $text));
        return $result;
    }

    public function isRefundableExtended()
    {
        return true;
    }

    public function getCurrencyList()
    {
        return array('RUB');
    }

    /** B2BPay is for buyers that are companies (the handler is offered to legal-entity payers). */
    public function getClientType($psMode)
    {
        return PaySystem\ClientType::B2B;
    }

    protected function isTestMode(Payment $payment = null)
    {
        return $payment !== null && $this->flag($payment, 'PS_IS_TEST', false);
    }

    /** @param array<string, mixed> $options */
    private function client(Payment $payment, array $options = array()): Client
    {
        $address = (string) $this->getBusinessValue($payment, 'B2BPAY_API_URL');
        return new Client(
            (string) $this->getBusinessValue($payment, 'B2BPAY_SECRET_KEY'),
            $address !== '' ? $address : 'https://b2bpay.ru',
            $options
        );
    }

    private function flag(Payment $payment, string $code, bool $default): bool
    {
        $value = $this->getBusinessValue($payment, $code);
        return $value === null || $value === '' ? $default : $value === 'Y';
    }

    private static function moduleLoaded(): bool
    {
        return class_exists(Client::class) && class_exists(OrderRequest::class);
    }
}
