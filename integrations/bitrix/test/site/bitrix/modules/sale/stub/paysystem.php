<?php
// Stubs of Bitrix\Sale\PaySystem: the handler base classes and interfaces a payment module
// implements, ServiceResult, and the Service and Manager code that drives a handler (finding it for
// a callback, initiatePay, processRequest, refund). Signatures and the order of the steps follow
// Bitrix's `sale` module; what a handler does not touch is left out.

namespace Bitrix\Sale\PaySystem {

    use Bitrix\Main\Application;
    use Bitrix\Main\Config\Option;
    use Bitrix\Main\Error;
    use Bitrix\Main\IO;
    use Bitrix\Main\Localization\Loc;
    use Bitrix\Main\Request;
    use Bitrix\Main\SystemException;
    use Bitrix\Sale\BusinessValue;
    use Bitrix\Sale\Order;
    use Bitrix\Sale\Payment;
    use Bitrix\Sale\Result;
    use Bitrix\Sale\ResultError;
    use BitrixStub\Store;

    interface IRefund
    {
        public function refund(Payment $payment, $refundableSum);
    }

    interface IRefundExtended extends IRefund
    {
        public function isRefundableExtended();
    }

    abstract class ClientType
    {
        public const DEFAULT = self::B2C;
        public const B2C = 'b2c';
        public const B2B = 'b2b';

        public static function getAvailableValues(): array
        {
            return [self::B2C, self::B2B];
        }

        public static function isValid(string $value): bool
        {
            return in_array($value, self::getAvailableValues(), true);
        }
    }

    class ServiceResult extends \Bitrix\Main\Entity\Result
    {
        const MONEY_COMING = 'money_coming';
        const MONEY_LEAVING = 'money_leaving';

        private $psData = array();
        private $resultApplied = true;
        private $operationType = null;
        private $template = '';
        private $paymentUrl = '';

        public function setPsData($psData)
        {
            $this->psData = $psData;
        }

        public function getPsData()
        {
            return $this->psData;
        }

        public function isResultApplied()
        {
            return $this->resultApplied;
        }

        public function setOperationType($operationType)
        {
            $this->operationType = $operationType;
        }

        public function getOperationType()
        {
            return $this->operationType;
        }

        public function setResultApplied($resultApplied)
        {
            $this->resultApplied = $resultApplied;
        }

        public function getTemplate()
        {
            return $this->template;
        }

        public function setTemplate($template)
        {
            $this->template = $template;
        }

        public function getPaymentUrl(): string
        {
            return $this->paymentUrl;
        }

        public function setPaymentUrl($paymentUrl): void
        {
            $this->paymentUrl = $paymentUrl;
        }
    }

    /** Bitrix keeps these in b_sale_pay_system_err_log (the database, never a file). */
    class Logger
    {
        const E_ALL = 0;
        const E_ERROR = 1;

        public static function addError($error)
        {
            self::add('error', $error);
        }

        public static function addDebugInfo($debugInfo)
        {
            if ((int) Option::get('sale', 'pay_system_log_level', static::E_ERROR) === static::E_ALL) {
                self::add('debug', $debugInfo);
            }
        }

        private static function add(string $level, $message)
        {
            if (!is_string($message)) {
                throw new \Bitrix\Main\ArgumentTypeException('$error', 'string');
            }
            $data = &Store::data();
            $data['pay_system_log'][] = ['LEVEL' => $level, 'MESSAGE' => $message];
            Store::save();
        }
    }

    abstract class BaseServiceHandler
    {
        const STREAM = 1;
        const STRING = 2;

        const TEST_URL = 'test';
        const ACTIVE_URL = 'active';

        protected $handlerType = '';
        protected $service = null;
        protected $extraParams = array();
        protected $initiateMode = self::STREAM;

        /** @var array */
        private $businessCodes = [];

        abstract public function initiatePay(Payment $payment, Request $request = null);

        public function __construct($type, Service $service)
        {
            $this->handlerType = $type;
            $this->service = $service;
        }

        public function showTemplate(Payment $payment = null, $template = '')
        {
            $result = new ServiceResult();

            global $APPLICATION, $USER, $DB;

            $templatePath = $this->searchTemplate($template);

            if ($templatePath != '' && IO\File::isFileExists($templatePath)) {
                $params = array_merge($this->getParamsBusValue($payment), $this->getExtraParams());

                if ($this->initiateMode == self::STREAM) {
                    require($templatePath);
                } elseif ($this->initiateMode == self::STRING) {
                    ob_start();
                    $content = require($templatePath);

                    $buffer = ob_get_contents();
                    if ($buffer <> '') {
                        $content = $buffer;
                    }

                    $result->setTemplate($content);
                    ob_end_clean();
                }
            } else {
                $result->addError(new Error('SALE_PS_BASE_SERVICE_TEMPLATE_ERROR'));
            }

            return $result;
        }

        private function searchTemplate($template)
        {
            $documentRoot = Application::getDocumentRoot();
            $siteTemplate = \CSite::GetCurTemplate();
            $template = Manager::sanitize($template);
            $handlerName = static::getName();

            $folders = array();
            $folders[] = '/local/templates/' . $siteTemplate . '/payment/' . $handlerName . '/template';
            $folders[] = '/bitrix/templates/' . $siteTemplate . '/payment/' . $handlerName . '/template';

            $baseFolders = Manager::getHandlerDirectories();
            if (isset($baseFolders[$this->handlerType])) {
                $folders[] = $baseFolders[$this->handlerType] . $handlerName . '/template';
            }

            foreach ($folders as $folder) {
                $templatePath = $documentRoot . $folder . '/' . $template . '.php';
                if (IO\File::isFileExists($templatePath)) {
                    return $templatePath;
                }
            }

            return '';
        }

        public function getParamsBusValue(Payment $payment = null)
        {
            $params = array();
            $codes = $this->getBusinessCodes();
            if ($codes) {
                foreach ($codes as $code) {
                    $params[$code] = $this->getBusinessValue($payment, $code);
                }
            }
            return $params;
        }

        protected static function getName()
        {
            return Manager::getFolderFromClassName(get_called_class());
        }

        protected function getBusinessValue(Payment $payment = null, $code)
        {
            $value = BusinessValue::get($code, $this->service->getConsumerName(), $payment);
            if (is_string($value)) {
                $value = trim($value);
            }
            return $value;
        }

        public function getDescription()
        {
            return $this->includeDescription();
        }

        protected function getBusinessCodes()
        {
            if (!$this->businessCodes) {
                $description = $this->includeDescription();
                if (isset($description['CODES']) && is_array($description['CODES'])) {
                    $this->businessCodes = array_keys($description['CODES']);
                }
            }
            return $this->businessCodes;
        }

        protected function getExtraParams()
        {
            return $this->extraParams;
        }

        public function setExtraParams(array $values)
        {
            $this->extraParams = $values;
        }

        abstract public function getCurrencyList();

        public function getClientType($psMode)
        {
            return ClientType::DEFAULT;
        }

        public function setInitiateMode($mode)
        {
            $this->initiateMode = $mode;
        }

        protected function isTestMode(Payment $payment = null)
        {
            return false;
        }

        public function isTuned()
        {
            return true;
        }

        protected function includeDescription(): array
        {
            $data = null;
            $documentRoot = Application::getDocumentRoot();
            $dirs = Manager::getHandlerDirectories();
            $handlerDir = $dirs[$this->handlerType];
            $file = $documentRoot . $handlerDir . static::getName() . '/.description.php';
            if (IO\File::isFileExists($file)) {
                require $file;
            }
            return (isset($data) && is_array($data)) ? $data : [];
        }
    }

    abstract class ServiceHandler extends BaseServiceHandler
    {
        static public function getIndicativeFields()
        {
            return array();
        }

        public static function isMyResponse(Request $request, $paySystemId)
        {
            $fields = static::getIndicativeFields();
            if (!is_array($fields) || empty($fields)) {
                return false;
            }
            $isAssociate = \CSaleHelper::IsAssociativeArray($fields);
            foreach ($fields as $key => $value) {
                if (!$isAssociate && !isset($request[$value])) {
                    return false;
                }
                if ($isAssociate && (!isset($request[$key]) || is_null($value) || ($value != $request[$key]))) {
                    return false;
                }
            }
            return static::isMyResponseExtended($request, $paySystemId);
        }

        protected static function isMyResponseExtended(Request $request, $paySystemId)
        {
            return true;
        }

        public abstract function processRequest(Payment $payment, Request $request);

        public function sendResponse(ServiceResult $result, Request $request)
        {
            return '';
        }

        public abstract function getPaymentIdFromRequest(Request $request);
    }

    class Service
    {
        const PAY_SYSTEM_PREFIX = 'PAYSYSTEM_';

        /** @var ServiceHandler */
        private $handler = null;
        /** @var array */
        private $fields = array();

        public function __construct($fields)
        {
            [$className, $handlerType] = Manager::includeHandler($fields['ACTION_FILE']);
            $this->fields = $fields;
            $this->handler = new $className($handlerType, $this);
        }

        public function initiatePay(Payment $payment, Request $request = null, $mode = BaseServiceHandler::STREAM)
        {
            $this->handler->setInitiateMode($mode);
            $initResult = $this->handler->initiatePay($payment, $request);

            $psData = $initResult->getPsData();
            if ($psData) {
                $setResult = $payment->setFields($psData);
                if ($setResult->isSuccess()) {
                    $order = $payment->getCollection()->getOrder();
                    $saveResult = $order->save();
                    if (!$saveResult->isSuccess()) {
                        $initResult->addErrors($saveResult->getErrors());
                    }
                } else {
                    $initResult->addErrors($setResult->getErrors());
                }
            }

            if (!$initResult->isSuccess()) {
                $error = implode("\n", $initResult->getErrorMessages());
                Logger::addError(get_class($this->handler) . '. InitiatePay: ' . $error);
            }

            return $initResult;
        }

        public function isRefundable()
        {
            if ($this->handler instanceof IRefundExtended) {
                return $this->handler->isRefundableExtended();
            }
            return $this->handler instanceof IRefund;
        }

        public function refund(Payment $payment, $refundableSum = 0)
        {
            if ($this->isRefundable()) {
                $result = new Result();

                if (!$payment->isPaid()) {
                    $result->addError(new ResultError('SALE_PS_SERVICE_PAYMENT_NOT_PAID'));
                    return $result;
                }

                if ($refundableSum == 0) {
                    $refundableSum = $payment->getSum();
                }

                $result = $this->handler->refund($payment, $refundableSum);
                if (!$result->isSuccess()) {
                    Logger::addError(get_class($this->handler) . ': refund: ' . implode("\n", $result->getErrorMessages()));
                }

                return $result;
            }

            throw new SystemException();
        }

        public function processRequest(Request $request)
        {
            $processResult = new Result();

            if (!($this->handler instanceof ServiceHandler)) {
                return $processResult;
            }

            $paymentId = $this->handler->getPaymentIdFromRequest($request);

            if (empty($paymentId)) {
                $processResult->addError(new Error('SALE_PS_SERVICE_PAYMENT_ERROR_EMPTY'));
                Logger::addError(get_class($this->handler) . '. ProcessRequest: SALE_PS_SERVICE_PAYMENT_ERROR_EMPTY');
                return $processResult;
            }

            [$orderId, $paymentId] = Manager::getIdsByPayment($paymentId);

            if (!$orderId) {
                $processResult->addError(new Error('SALE_PS_SERVICE_ORDER_ERROR'));
                Logger::addError(get_class($this->handler) . '. ProcessRequest: SALE_PS_SERVICE_ORDER_ERROR');
                return $processResult;
            }

            $order = Order::load($orderId);
            if (!$order) {
                $processResult->addError(new Error('SALE_PS_SERVICE_ORDER_ERROR'));
                Logger::addError(get_class($this->handler) . '. ProcessRequest: SALE_PS_SERVICE_ORDER_ERROR');
                return $processResult;
            }

            if ($order->isCanceled()) {
                $processResult->addError(new Error('SALE_PS_SERVICE_ORDER_CANCELED'));
                Logger::addError(get_class($this->handler) . '. ProcessRequest: SALE_PS_SERVICE_ORDER_CANCELED');
                return $processResult;
            }

            $payment = $order->getPaymentCollection()->getItemById($paymentId);
            if (!$payment) {
                $processResult->addError(new Error('SALE_PS_SERVICE_PAYMENT_ERROR'));
                Logger::addError(get_class($this->handler) . '. ProcessRequest: SALE_PS_SERVICE_PAYMENT_ERROR');
                return $processResult;
            }

            $serviceResult = $this->handler->processRequest($payment, $request);
            if ($serviceResult->isSuccess()) {
                $status = null;
                $operationType = $serviceResult->getOperationType();

                if ($operationType == ServiceResult::MONEY_COMING) {
                    $status = 'Y';
                } elseif ($operationType == ServiceResult::MONEY_LEAVING) {
                    $status = 'N';
                }

                if ($status !== null) {
                    $paidResult = $payment->setPaid($status);
                    if (!$paidResult->isSuccess()) {
                        Logger::addError(get_class($this->handler) . '. ProcessRequest: PAYMENT SET PAID: ' . join(' ', $paidResult->getErrorMessages()));
                        $serviceResult->setResultApplied(false);
                    }
                }

                $psData = $serviceResult->getPsData();
                if ($psData) {
                    $res = $payment->setFields($psData);
                    if (!$res->isSuccess()) {
                        Logger::addError(get_class($this->handler) . '. ProcessRequest: PAYMENT SET PAID: ' . join(' ', $res->getErrorMessages()));
                        $serviceResult->setResultApplied(false);
                    }
                }

                $saveResult = $order->save();
                if (!$saveResult->isSuccess()) {
                    Logger::addError(get_class($this->handler) . '. ProcessRequest: ORDER SAVE: ' . join(' ', $saveResult->getErrorMessages()));
                    $serviceResult->setResultApplied(false);
                }
            } else {
                $serviceResult->setResultApplied(false);
                $processResult->addErrors($serviceResult->getErrors());
                Logger::addError(get_class($this->handler) . '. ProcessRequest Error: ' . implode("\n", $serviceResult->getErrorMessages()));
            }

            $this->handler->sendResponse($serviceResult, $request);

            return $processResult;
        }

        public function getConsumerName()
        {
            return static::PAY_SYSTEM_PREFIX . $this->fields['ID'];
        }

        public function getField($name)
        {
            return $this->fields[$name];
        }

        public function getCurrency()
        {
            return $this->handler->getCurrencyList();
        }

        public function getHandlerDescription()
        {
            return $this->handler->getDescription();
        }

        /** The type of client that the handler can work with (Manager::add/update store it as PS_CLIENT_TYPE). */
        public function getClientTypeFromHandler()
        {
            return $this->handler->getClientType($this->fields['PS_MODE'] ?? null);
        }

        public function getClientType()
        {
            return (string) ($this->fields['PS_CLIENT_TYPE'] ?? $this->getClientTypeFromHandler());
        }
    }

    final class Manager
    {
        const HANDLER_AVAILABLE_TRUE = true;
        const HANDLER_AVAILABLE_FALSE = false;

        private static $handlerDirectories = array(
            'CUSTOM' => '',
            'LOCAL' => '/local/php_interface/include/sale_payment/',
            'SYSTEM' => '/bitrix/modules/sale/handlers/paysystem/',
            'SYSTEM_OLD' => '/bitrix/modules/sale/payment/',
        );

        public static function getHandlerDirectories()
        {
            $handlerDirectories = self::$handlerDirectories;
            $handlerDirectories['CUSTOM'] = Option::get('sale', 'path2user_ps_files', BX_PERSONAL_ROOT . '/php_interface/include/sale_payment/');
            return $handlerDirectories;
        }

        /** The pay systems (b_sale_pay_system_action), as rows. */
        public static function getList(array $params = array())
        {
            $data = &Store::data();
            return new \Bitrix\Main\ORM\Query\Result($data['pay_systems']);
        }

        public static function getById($id)
        {
            if ($id <= 0) {
                return false;
            }
            $items = self::getList();
            while ($item = $items->fetch()) {
                if ((int) $item['ID'] === (int) $id) {
                    return $item;
                }
            }
            return false;
        }

        public static function getObjectById($id)
        {
            if ($id <= 0) {
                return null;
            }
            $data = Manager::getById($id);
            if (is_array($data) && $data) {
                return new Service($data);
            }
            return null;
        }

        public static function searchByRequest(Request $request)
        {
            $documentRoot = Application::getDocumentRoot();
            $items = self::getList(array('select' => array('*')));
            while ($item = $items->fetch()) {
                $name = $item['ACTION_FILE'];
                foreach (self::getHandlerDirectories() as $type => $path) {
                    $className = '';
                    if (IO\File::isFileExists($documentRoot . $path . $name . '/handler.php')) {
                        $className = static::getClassNameFromPath($item['ACTION_FILE']);
                        if (!class_exists($className)) {
                            require_once($documentRoot . $path . $name . '/handler.php');
                        }
                    }
                    if (class_exists($className) && is_callable(array($className, 'isMyResponse'))) {
                        if ($className::isMyResponse($request, $item['ID'])) {
                            return $item;
                        }
                    }
                }
            }
            return false;
        }

        public static function getFolderFromClassName($className)
        {
            $pos = strrpos($className, '\\');
            if ($pos !== false) {
                $className = substr($className, $pos + 1);
            }
            $folder = str_replace('Handler', '', $className);
            $folder = self::sanitize($folder);
            return ToLower($folder);
        }

        public static function sanitize($name)
        {
            return preg_replace('/[^a-z0-9._]/i', '', $name);
        }

        public static function getIdsByPayment($paymentId, $registryType = 'ORDER')
        {
            if (empty($paymentId)) {
                return array(0, 0);
            }
            $params = array('select' => array('ID', 'ORDER_ID'));
            if (intval($paymentId) . '|' == $paymentId . '|') {
                $params['filter']['ID'] = $paymentId;
            } else {
                $params['filter']['ACCOUNT_NUMBER'] = $paymentId;
            }
            $data = Payment::getList($params)->fetch() ?: array('ORDER_ID' => 0, 'ID' => 0);
            return array((int) $data['ORDER_ID'], (int) $data['ID']);
        }

        public static function getClassNameFromPath($path)
        {
            $pos = strrpos($path, '/');
            if ($pos == strlen($path)) {
                $path = substr($path, 0, $pos - 1);
                $pos = strrpos($path, '/');
            }
            if ($pos !== false) {
                $path = substr($path, $pos + 1);
            }
            return "Sale\\Handlers\\PaySystem\\" . $path . 'Handler';
        }

        public static function includeHandler($actionFile): array
        {
            $className = '';
            $handlerType = '';
            if ($name = self::getFolderFromClassName($actionFile)) {
                $documentRoot = Application::getDocumentRoot();
                foreach (self::getHandlerDirectories() as $type => $path) {
                    if (IO\File::isFileExists($documentRoot . $path . $name . '/handler.php')) {
                        $className = self::getClassNameFromPath($actionFile);
                        if (!class_exists($className)) {
                            require_once($documentRoot . $path . $name . '/handler.php');
                        }
                        if (class_exists($className)) {
                            $handlerType = $type;
                            break;
                        }
                        $className = '';
                    }
                }
            }
            if ($className === '') {
                throw new SystemException("bitrix-stub: no handler for $actionFile");
            }
            return array($className, $handlerType);
        }
    }
}
