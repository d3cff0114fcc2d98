<?php

namespace B2BPay\Bitrix;

use Bitrix\Sale\Payment;

/**
 * The B2BPay order for a Bitrix payment: its basket as products when they add up to the payment
 * (one line for the whole payment otherwise: a part payment, rounding), the buyer's company and
 * contacts to prefill the application, the references that tie the order back to Bitrix, and the
 * site's pages the buyer goes back to (return_url, cancel_url). Built in the site's charset,
 * returned in UTF-8.
 */
final class OrderRequest
{
    /** The API's limits: products per order, characters in a name, a price. */
    const MAX_PRODUCTS = 100;
    const MAX_NAME = 255;
    const MAX_PRICE_KOPECKS = 100000000000;

    /**
     * @param array<string, string|null> $client organization_name, inn, full_name, email, phone_number (site charset)
     * @param array{delivery: string, product: string, whole: string, part: string} $texts line names (site charset)
     * @param array<string, string> $pages return_url and cancel_url: absolute addresses of the site's pages
     * @return array<string, mixed>
     */
    public static function create(Payment $payment, array $client, array $texts, $paySystemId, array $pages = array()): array
    {
        $order = $payment->getOrder();
        $body = array(
            'products' => self::products($payment, $texts),
            'external_id' => (string) $payment->getId(),
            'metadata' => array(
                'bx_handler' => Notification::HANDLER_MARK,
                'bx_paysystem' => (string) $paySystemId,
                'bx_order' => (string) $order->getId(),
                'bx_order_number' => Charset::toUtf8((string) $order->getField('ACCOUNT_NUMBER')),
                'bx_payment' => (string) $payment->getId(),
            ),
        );
        $prefill = self::client($client);
        if ($prefill !== array()) {
            $body['client'] = $prefill;
        }
        foreach (array('return_url', 'cancel_url') as $field) {
            if (isset($pages[$field]) && $pages[$field] !== '') {
                $body[$field] = Charset::toUtf8($pages[$field]);
            }
        }
        return $body;
    }

    /**
     * The site's page the buyer opened to pay (the order's payment page, where Bitrix shows the order
     * and its payments) as an absolute address: where «Вернуться в магазин» on B2BPay's pages leads, and
     * where a buyer who gives up comes back to choose another way to pay. Empty when the request does
     * not say its host (an agent, the command line).
     *
     * @return array<string, string>
     */
    public static function pages(?\Bitrix\Main\Request $request): array
    {
        if ($request === null || !method_exists($request, 'getHttpHost')) {
            return array();
        }
        $host = (string) $request->getHttpHost();
        $uri = (string) $request->getRequestUri();
        if ($host === '' || $uri === '' || $uri[0] !== '/') {
            return array();
        }
        $page = ($request->isHttps() ? 'https://' : 'http://') . $host . $uri;
        return array('return_url' => $page, 'cancel_url' => $page);
    }

    /**
     * @param array{delivery: string, product: string, whole: string, part: string} $texts
     * @return list<array{name: string, price: float, quantity: int}>
     */
    public static function products(Payment $payment, array $texts): array
    {
        $order = $payment->getOrder();
        $due = Money::kopecks($payment->getSum());
        $lines = array();
        $total = 0;
        foreach ($order->getBasket()->getOrderableItems() as $item) {
            $name = trim((string) $item->getField('NAME'));
            $name = $name === '' ? $texts['product'] : $name;
            $quantity = (float) $item->getQuantity();
            if ($quantity >= 1 && floor($quantity) === $quantity) {
                $price = Money::kopecks($item->getPrice());
                $lines[] = array($name, $price, (int) $quantity);
                $total += $price * (int) $quantity;
            } else {
                // B2BPay counts whole units: 1.5 kg is one line of its whole price.
                $price = Money::kopecks($item->getPrice() * $quantity);
                $lines[] = array(strtr($texts['part'], array(
                    '#NAME#' => $name,
                    '#QUANTITY#' => str_replace('.', ',', (string) $quantity),
                    '#MEASURE#' => (string) $item->getField('MEASURE_NAME'),
                )), $price, 1);
                $total += $price;
            }
        }
        $delivery = Money::kopecks($order->getDeliveryPrice());
        if ($delivery > 0) {
            $lines[] = array($texts['delivery'], $delivery, 1);
            $total += $delivery;
        }
        $fits = $lines !== array() && $total === $due && count($lines) <= self::MAX_PRODUCTS;
        foreach ($lines as $line) {
            $fits = $fits && $line[1] <= self::MAX_PRICE_KOPECKS;
        }
        if (!$fits) {
            $number = (string) $order->getField('ACCOUNT_NUMBER');
            $lines = array(array(strtr($texts['whole'], array('#ORDER#' => $number)), $due, 1));
        }
        $products = array();
        foreach ($lines as $line) {
            $products[] = array(
                'name' => Charset::cut(trim(Charset::toUtf8($line[0])), self::MAX_NAME),
                'price' => Money::roubles($line[1]),
                'quantity' => $line[2],
            );
        }
        return $products;
    }

    /**
     * What B2BPay's buyer form can be prefilled with. A value the API would refuse (an INN of the
     * wrong length) is left out rather than failing the order.
     *
     * @param array<string, string|null> $client
     * @return array<string, string>
     */
    private static function client(array $client): array
    {
        $out = array();
        foreach (array('organization_name', 'full_name', 'email', 'phone_number') as $field) {
            $value = trim((string) ($client[$field] ?? ''));
            if ($value !== '') {
                $out[$field] = Charset::cut(Charset::toUtf8($value), $field === 'organization_name' ? 500 : 255);
            }
        }
        $inn = preg_replace('/\D/', '', (string) ($client['inn'] ?? ''));
        if (strlen($inn) === 10 || strlen($inn) === 12) {
            $out['inn'] = $inn;
        }
        return $out;
    }
}
