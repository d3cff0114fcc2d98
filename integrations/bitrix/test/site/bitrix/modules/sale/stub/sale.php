<?php
// Stubs of the Bitrix\Sale order entities the B2BPay module touches (order, basket, properties,
// payments, business values, statuses), with the signatures of Bitrix's `sale` module. They read
// and write the test site's database file (BitrixStub\Store).

namespace Bitrix\Sale {

    use Bitrix\Main;
    use BitrixStub\Store;

    class Result extends Main\Result
    {
    }

    class ResultError extends Main\Error
    {
    }

    class Order
    {
        /** @var array */
        private $fields;
        /** @var Basket */
        private $basket;
        /** @var PaymentCollection */
        private $payments;
        /** @var PropertyValueCollection */
        private $properties;

        private function __construct(array $row)
        {
            $this->fields = $row;
            $this->basket = new Basket($row['basket']);
            $this->properties = new PropertyValueCollection($row['properties']);
            $this->payments = new PaymentCollection($this, $row['payments']);
        }

        /** @return Order|null */
        public static function load($id)
        {
            $data = &Store::data();
            foreach ($data['orders'] as $row) {
                if ((int) $row['ID'] === (int) $id) {
                    return new static($row);
                }
            }
            return null;
        }

        public function getId()
        {
            return (int) $this->fields['ID'];
        }

        public function getField($name)
        {
            if ($name === 'PRICE') {
                return $this->getPrice();
            }
            return $this->fields[$name] ?? null;
        }

        public function setField($name, $value)
        {
            if (in_array($name, ['ID', 'basket', 'payments', 'properties'], true)) {
                throw new Main\ArgumentOutOfRangeException($name);
            }
            $this->fields[$name] = $value;
            return new Result();
        }

        public function getSiteId()
        {
            return $this->fields['LID'];
        }

        public function getPersonTypeId()
        {
            return (int) $this->fields['PERSON_TYPE_ID'];
        }

        public function getUserId()
        {
            return (int) $this->fields['USER_ID'];
        }

        public function getCurrency()
        {
            return $this->fields['CURRENCY'];
        }

        public function getDeliveryPrice()
        {
            return (float) $this->fields['PRICE_DELIVERY'];
        }

        /** The basket after discounts plus delivery, as Bitrix keeps in b_sale_order.PRICE. */
        public function getPrice()
        {
            return round($this->basket->getPrice() + $this->getDeliveryPrice(), 2);
        }

        public function isCanceled()
        {
            return $this->fields['CANCELED'] === 'Y';
        }

        public function isPaid()
        {
            return $this->fields['PAYED'] === 'Y';
        }

        public function getBasket()
        {
            return $this->basket;
        }

        public function getPaymentCollection()
        {
            return $this->payments;
        }

        public function getPropertyCollection()
        {
            return $this->properties;
        }

        /** Writes the order and its payments; a value longer than its column fails as MySQL's strict mode does. */
        public function save()
        {
            $result = new Result();
            $rows = [];
            foreach ($this->payments as $payment) {
                $row = $payment->getFieldValues();
                foreach (Payment::COLUMN_LENGTHS as $column => $length) {
                    if (isset($row[$column]) && Store::length((string) $row[$column]) > $length) {
                        return $result->addError(new ResultError("Data too long for column $column"));
                    }
                }
                $rows[] = $row;
            }
            $this->fields['payments'] = $rows;
            $this->fields['PAYED'] = $this->payments->getPaidSum() >= $this->getPrice() ? 'Y' : 'N';
            $data = &Store::data();
            foreach ($data['orders'] as $index => $row) {
                if ((int) $row['ID'] === $this->getId()) {
                    $data['orders'][$index] = $this->fields;
                }
            }
            Store::save();
            return $result;
        }
    }

    class Basket implements \IteratorAggregate
    {
        /** @var BasketItem[] */
        private $items = [];

        public function __construct(array $rows)
        {
            foreach ($rows as $row) {
                $this->items[] = new BasketItem($row);
            }
        }

        public function getBasketItems()
        {
            return $this->items;
        }

        /** The items the buyer is buying: not put aside, still available. */
        public function getOrderableItems()
        {
            return array_values(array_filter($this->items, static function (BasketItem $item) {
                return $item->canBuy() && !$item->isDelay();
            }));
        }

        public function getPrice()
        {
            $sum = 0.0;
            foreach ($this->getOrderableItems() as $item) {
                $sum += $item->getFinalPrice();
            }
            return round($sum, 2);
        }

        #[\ReturnTypeWillChange]
        public function getIterator()
        {
            return new \ArrayIterator($this->items);
        }
    }

    class BasketItem
    {
        /** @var array */
        private $fields;

        public function __construct(array $row)
        {
            $this->fields = $row;
        }

        public function getId()
        {
            return (int) $this->fields['ID'];
        }

        public function getField($name)
        {
            return $this->fields[$name] ?? null;
        }

        /** The price of one unit after discounts. */
        public function getPrice()
        {
            return (float) $this->fields['PRICE'];
        }

        public function getQuantity()
        {
            return (float) $this->fields['QUANTITY'];
        }

        public function getFinalPrice()
        {
            return round($this->getPrice() * $this->getQuantity(), 2);
        }

        public function canBuy()
        {
            return ($this->fields['CAN_BUY'] ?? 'Y') === 'Y';
        }

        public function isDelay()
        {
            return ($this->fields['DELAY'] ?? 'N') === 'Y';
        }
    }

    class PropertyValue
    {
        /** @var array */
        private $fields;

        public function __construct(array $row)
        {
            $this->fields = $row;
        }

        public function getField($name)
        {
            return $this->fields[$name] ?? null;
        }

        public function getValue()
        {
            return $this->fields['VALUE'] ?? null;
        }

        public function getName()
        {
            return $this->fields['NAME'];
        }
    }

    class PropertyValueCollection implements \IteratorAggregate
    {
        /** @var PropertyValue[] */
        private $items = [];

        public function __construct(array $rows)
        {
            foreach ($rows as $row) {
                $this->items[] = new PropertyValue($row);
            }
        }

        public function getItemByOrderPropertyCode($propCode)
        {
            foreach ($this->items as $item) {
                if ($item->getField('CODE') === $propCode) {
                    return $item;
                }
            }
            return null;
        }

        public function getUserEmail()
        {
            return $this->byFlag('IS_EMAIL');
        }

        public function getPhone()
        {
            return $this->byFlag('IS_PHONE');
        }

        public function getPayerName()
        {
            return $this->byFlag('IS_PAYER');
        }

        private function byFlag(string $flag)
        {
            foreach ($this->items as $item) {
                if ($item->getField($flag) === 'Y') {
                    return $item;
                }
            }
            return null;
        }

        #[\ReturnTypeWillChange]
        public function getIterator()
        {
            return new \ArrayIterator($this->items);
        }
    }

    class PaymentCollection implements \IteratorAggregate
    {
        /** @var Order */
        private $order;
        /** @var Payment[] */
        private $items = [];

        public function __construct(Order $order, array $rows)
        {
            $this->order = $order;
            foreach ($rows as $row) {
                $this->items[] = new Payment($this, $row);
            }
        }

        public function getOrder()
        {
            return $this->order;
        }

        public function getItemById($id)
        {
            foreach ($this->items as $item) {
                if ($item->getId() === (int) $id) {
                    return $item;
                }
            }
            return null;
        }

        public function getSum()
        {
            $sum = 0.0;
            foreach ($this->items as $item) {
                $sum += $item->getSum();
            }
            return $sum;
        }

        public function getPaidSum()
        {
            $sum = 0.0;
            foreach ($this->items as $item) {
                if ($item->isPaid()) {
                    $sum += $item->getSum();
                }
            }
            return $sum;
        }

        #[\ReturnTypeWillChange]
        public function getIterator()
        {
            return new \ArrayIterator($this->items);
        }
    }

    class Payment
    {
        const RETURN_NONE = 'N';
        const RETURN_INNER = 'Y';
        const RETURN_PS = 'P';

        /** The columns of b_sale_order_payment with a length (characters). */
        const COLUMN_LENGTHS = [
            'PS_STATUS' => 1,
            'PS_STATUS_CODE' => 5,
            'PS_STATUS_DESCRIPTION' => 250,
            'PS_STATUS_MESSAGE' => 250,
            'PS_CURRENCY' => 3,
            'PS_INVOICE_ID' => 250,
            'PAY_VOUCHER_NUM' => 20,
            'PAY_RETURN_NUM' => 20,
            'PAY_SYSTEM_NAME' => 128,
        ];

        /** @var PaymentCollection */
        private $collection;
        /** @var array */
        private $fields;

        public function __construct(PaymentCollection $collection, array $row)
        {
            $this->collection = $collection;
            $this->fields = $row;
        }

        public static function getAvailableFields()
        {
            return [
                'PAID', 'DATE_PAID', 'EMP_PAID_ID', 'PAY_SYSTEM_ID', 'PS_STATUS', 'PS_STATUS_CODE',
                'PS_STATUS_DESCRIPTION', 'PS_STATUS_MESSAGE', 'PS_SUM', 'PS_CURRENCY', 'PS_RESPONSE_DATE',
                'PS_RECURRING_TOKEN', 'PS_CARD_NUMBER', 'PAY_VOUCHER_NUM', 'PAY_VOUCHER_DATE',
                'DATE_PAY_BEFORE', 'DATE_BILL', 'XML_ID', 'SUM', 'CURRENCY', 'PAY_SYSTEM_NAME', 'COMPANY_ID',
                'PAY_RETURN_NUM', 'PRICE_COD', 'PAY_RETURN_DATE', 'EMP_RETURN_ID', 'PAY_RETURN_COMMENT',
                'RESPONSIBLE_ID', 'EMP_RESPONSIBLE_ID', 'DATE_RESPONSIBLE_ID', 'IS_RETURN', 'COMMENTS',
                'ACCOUNT_NUMBER', 'UPDATED_1C', 'ID_1C', 'VERSION_1C', 'EXTERNAL_PAYMENT', 'PS_INVOICE_ID',
                'MARKED', 'REASON_MARKED', 'DATE_MARKED', 'EMP_MARKED_ID',
            ];
        }

        /** Rows of b_sale_order_payment; only the ID and ORDER_ID columns are asked for here. */
        public static function getList(array $parameters = array())
        {
            $filter = $parameters['filter'] ?? [];
            $rows = [];
            $data = &Store::data();
            foreach ($data['orders'] as $order) {
                foreach ($order['payments'] as $payment) {
                    $matches = true;
                    foreach ($filter as $name => $value) {
                        $matches = $matches && (string) ($payment[ltrim($name, '=')] ?? '') === (string) $value;
                    }
                    if ($matches) {
                        $rows[] = ['ID' => $payment['ID'], 'ORDER_ID' => $order['ID']];
                    }
                }
            }
            return new Main\ORM\Query\Result($rows);
        }

        public function getId()
        {
            return (int) $this->fields['ID'];
        }

        public function getOrderId()
        {
            return (int) $this->fields['ORDER_ID'];
        }

        public function getField($name)
        {
            return $this->fields[$name] ?? null;
        }

        public function getFieldValues()
        {
            return $this->fields;
        }

        public function setField($name, $value)
        {
            if (!in_array($name, static::getAvailableFields(), true)) {
                throw new Main\ArgumentOutOfRangeException($name);
            }
            $result = new Result();
            if ($name === 'SUM' && $this->isPaid()) {
                return $result->addError(new ResultError('SALE_PAYMENT_NOT_ALLOWED_CHANGE_SUM'));
            }
            $old = $this->fields[$name] ?? null;
            $this->fields[$name] = $value;
            if ($name === 'PAID' && $value === 'Y' && $old !== 'Y') {
                global $USER;
                $this->fields['DATE_PAID'] = new Main\Type\DateTime();
                $this->fields['EMP_PAID_ID'] = $USER->GetID();
                $this->fields['IS_RETURN'] = self::RETURN_NONE;
            }
            return $result;
        }

        public function setFields(array $values)
        {
            $result = new Result();
            foreach ($values as $name => $value) {
                $r = $this->setField($name, $value);
                if (!$r->isSuccess()) {
                    $result->addErrors($r->getErrors());
                }
            }
            return $result;
        }

        public function setPaid($value)
        {
            return $this->setField('PAID', $value);
        }

        public function isPaid()
        {
            return $this->fields['PAID'] === 'Y';
        }

        public function getSum()
        {
            return round((float) $this->fields['SUM'], 2);
        }

        public function getPaymentSystemId()
        {
            return (int) $this->fields['PAY_SYSTEM_ID'];
        }

        public function getCollection()
        {
            return $this->collection;
        }

        public function getOrder()
        {
            return $this->collection->getOrder();
        }
    }

    /**
     * A pay system's settings: each code maps to where its value comes from (PROVIDER_KEY) — a
     * typed-in value (VALUE, INPUT), an order property (PROPERTY, by property id), the buyer's user
     * field (USER), an order or payment field (ORDER, PAYMENT).
     */
    class BusinessValue
    {
        public static function get($codeKey, $consumerKey = null, $providerInstance = null)
        {
            $data = &Store::data();
            $mapping = $data['business_values'][$consumerKey][$codeKey] ?? null;
            if ($mapping === null) {
                return null;
            }
            $value = $mapping['PROVIDER_VALUE'];
            $payment = $providerInstance instanceof Payment ? $providerInstance : null;
            switch ($mapping['PROVIDER_KEY']) {
                case 'VALUE':
                case 'INPUT':
                    return $value;
                case 'PAYMENT':
                    return $payment === null ? null : $payment->getField($value);
                case 'ORDER':
                    return $payment === null ? null : $payment->getOrder()->getField($value);
                case 'PROPERTY':
                    if ($payment === null) {
                        return null;
                    }
                    foreach ($payment->getOrder()->getPropertyCollection() as $property) {
                        if ((string) $property->getField('ORDER_PROPS_ID') === (string) $value) {
                            return $property->getValue();
                        }
                    }
                    return null;
                case 'USER':
                    if ($payment === null) {
                        return null;
                    }
                    $user = $data['users'][(string) $payment->getOrder()->getUserId()] ?? [];
                    return $user[$value] ?? null;
            }
            return null;
        }
    }

    class OrderStatus
    {
        public static function getAllStatusesNames($lang = null)
        {
            $data = &Store::data();
            return $data['order_statuses'];
        }
    }
}
