<?php
// Stubs of the Bitrix\Main classes the B2BPay module and Bitrix's payment flow touch, with the
// signatures of Bitrix's `main` module (D7). Only what is used is here.

// Base classes first: PHP declares a class only once its parent exists.
namespace Bitrix\Main\Type {

    class ParameterDictionary implements \ArrayAccess, \Iterator, \Countable
    {
        /** @var array */
        protected $values;

        public function __construct(array $values = null)
        {
            $this->values = $values ?? [];
        }

        public function get($name)
        {
            return $this->values[$name] ?? null;
        }

        public function toArray()
        {
            return $this->values;
        }

        #[\ReturnTypeWillChange]
        public function offsetExists($offset)
        {
            return isset($this->values[$offset]);
        }

        #[\ReturnTypeWillChange]
        public function offsetGet($offset)
        {
            return $this->values[$offset] ?? null;
        }

        #[\ReturnTypeWillChange]
        public function offsetSet($offset, $value)
        {
            throw new \Bitrix\Main\NotSupportedException('Can not set readonly value');
        }

        #[\ReturnTypeWillChange]
        public function offsetUnset($offset)
        {
            throw new \Bitrix\Main\NotSupportedException('Can not unset readonly value');
        }

        #[\ReturnTypeWillChange]
        public function current()
        {
            return current($this->values);
        }

        #[\ReturnTypeWillChange]
        public function next()
        {
            next($this->values);
        }

        #[\ReturnTypeWillChange]
        public function key()
        {
            return key($this->values);
        }

        #[\ReturnTypeWillChange]
        public function valid()
        {
            return key($this->values) !== null;
        }

        #[\ReturnTypeWillChange]
        public function rewind()
        {
            reset($this->values);
        }

        #[\ReturnTypeWillChange]
        public function count()
        {
            return count($this->values);
        }
    }

    class DateTime
    {
        /** @var \DateTimeImmutable */
        protected $value;

        public function __construct($time = null, $format = null, \DateTimeZone $timezone = null)
        {
            $this->value = $time === null ? new \DateTimeImmutable() : new \DateTimeImmutable($time);
        }

        public function format($format)
        {
            return $this->value->format($format);
        }

        public function toString()
        {
            return $this->value->format('d.m.Y H:i:s');
        }

        public function __toString()
        {
            return $this->toString();
        }
    }
}

namespace Bitrix\Main {

    class SystemException extends \Exception
    {
    }

    class ArgumentException extends SystemException
    {
    }

    class ArgumentOutOfRangeException extends ArgumentException
    {
    }

    class ArgumentTypeException extends ArgumentException
    {
    }

    class NotSupportedException extends SystemException
    {
    }

    class Error
    {
        /** @var string */
        protected $message;
        /** @var int|string */
        protected $code;
        /** @var mixed */
        protected $customData;

        public function __construct($message, $code = 0, $customData = null)
        {
            $this->message = $message;
            $this->code = $code;
            $this->customData = $customData;
        }

        public function getCode()
        {
            return $this->code;
        }

        public function getMessage()
        {
            return $this->message;
        }

        public function getCustomData()
        {
            return $this->customData;
        }

        public function __toString()
        {
            return (string) $this->getMessage();
        }
    }

    class Result
    {
        /** @var bool */
        protected $isSuccess = true;
        /** @var Error[] */
        protected $errors = [];
        /** @var array */
        protected $data = [];

        public function isSuccess()
        {
            return $this->isSuccess;
        }

        public function addError(Error $error)
        {
            $this->isSuccess = false;
            $this->errors[] = $error;
            return $this;
        }

        public function addErrors(array $errors)
        {
            foreach ($errors as $error) {
                $this->addError($error);
            }
            return $this;
        }

        /** @return Error[] */
        public function getErrors()
        {
            return $this->errors;
        }

        public function getErrorMessages()
        {
            $messages = [];
            foreach ($this->errors as $error) {
                $messages[] = $error->getMessage();
            }
            return $messages;
        }

        public function setData(array $data)
        {
            $this->data = $data;
            return $this;
        }

        public function getData()
        {
            return $this->data;
        }
    }

    final class Loader
    {
        /** @var array<string, string> class (lower case) => file */
        private static $autoLoadClasses = [];
        /** @var bool */
        private static $registered = false;

        /** Bitrix looks for a module in /local/modules first, then in /bitrix/modules. */
        public static function getLocal($path, $root = null)
        {
            $root = $root ?? $_SERVER['DOCUMENT_ROOT'];
            foreach (['/local/', '/bitrix/'] as $prefix) {
                if (file_exists($root . $prefix . $path)) {
                    return $prefix . $path;
                }
            }
            return false;
        }

        public static function includeModule($moduleName)
        {
            if (!\IsModuleInstalled($moduleName)) {
                return false;
            }
            $include = self::getLocal('modules/' . $moduleName . '/include.php');
            if ($include !== false) {
                include_once $_SERVER['DOCUMENT_ROOT'] . $include;
            }
            return true;
        }

        public static function registerAutoLoadClasses($moduleName, array $classes)
        {
            $directory = $moduleName === null ? '' : self::getLocal('modules/' . $moduleName);
            foreach ($classes as $class => $file) {
                self::$autoLoadClasses[strtolower(ltrim($class, '\\'))] = $_SERVER['DOCUMENT_ROOT'] . $directory . '/' . ltrim($file, '/');
            }
            if (!self::$registered) {
                self::$registered = true;
                spl_autoload_register(static function ($class) {
                    $file = self::$autoLoadClasses[strtolower(ltrim($class, '\\'))] ?? null;
                    if ($file !== null && is_file($file)) {
                        require_once $file;
                    }
                });
            }
        }
    }

    class Server extends Type\ParameterDictionary
    {
    }

    abstract class Request extends Type\ParameterDictionary
    {
        /** @var Server */
        protected $server;

        public function __construct(Server $server, array $request)
        {
            parent::__construct($request);
            $this->server = $server;
        }

        public function getServer()
        {
            return $this->server;
        }

        public function getRequestMethod()
        {
            return $this->server->get('REQUEST_METHOD');
        }

        public function getRequestUri()
        {
            return $this->server->get('REQUEST_URI');
        }
    }

    class HttpRequest extends Request
    {
        /** @var Type\ParameterDictionary */
        protected $queryString;
        /** @var Type\ParameterDictionary */
        protected $postData;

        public function __construct(Server $server, array $queryString, array $postData, array $files, array $cookies)
        {
            parent::__construct($server, array_merge($queryString, $postData));
            $this->queryString = new Type\ParameterDictionary($queryString);
            $this->postData = new Type\ParameterDictionary($postData);
        }

        public function getQuery($name)
        {
            return $this->queryString->get($name);
        }

        public function getPost($name)
        {
            return $this->postData->get($name);
        }

        public function getHttpHost()
        {
            return $this->server->get('HTTP_HOST');
        }

        public function isHttps()
        {
            $https = (string) $this->server->get('HTTPS');
            return $https !== '' && strtolower($https) !== 'off';
        }

        public static function getInput()
        {
            return file_get_contents('php://input');
        }
    }

    class Context
    {
        /** @var Context|null */
        private static $current = null;
        /** @var HttpRequest */
        private $request;
        /** @var Server */
        private $server;

        public static function getCurrent()
        {
            if (self::$current === null) {
                self::$current = new Context();
                self::$current->server = new Server($_SERVER);
                self::$current->request = new HttpRequest(self::$current->server, $_GET, $_POST, [], []);
            }
            return self::$current;
        }

        public function getRequest()
        {
            return $this->request;
        }

        public function getServer()
        {
            return $this->server;
        }
    }

    class Application
    {
        /** @var Application|null */
        private static $instance = null;

        public static function getInstance()
        {
            if (self::$instance === null) {
                self::$instance = new Application();
            }
            return self::$instance;
        }

        public function getContext()
        {
            return Context::getCurrent();
        }

        public static function getDocumentRoot()
        {
            return $_SERVER['DOCUMENT_ROOT'];
        }
    }
}

namespace Bitrix\Main\Entity {

    class Result extends \Bitrix\Main\Result
    {
    }
}

namespace Bitrix\Main\ORM\Query {

    class Result
    {
        /** @var array[] */
        private $rows;

        public function __construct(array $rows)
        {
            $this->rows = array_values($rows);
        }

        public function fetch()
        {
            return array_shift($this->rows) ?? false;
        }
    }
}

namespace Bitrix\Main\IO {

    class File
    {
        public static function isFileExists($path)
        {
            return is_file($path);
        }
    }
}

namespace Bitrix\Main\Text {

    class Encoding
    {
        /** Bitrix converts with mbstring when it is there; iconv does the same conversion here. */
        public static function convertEncoding($data, $charsetFrom, $charsetTo)
        {
            return \BitrixStub\Store::convert($data, strtoupper($charsetFrom), strtoupper($charsetTo));
        }
    }
}

namespace Bitrix\Main\Config {

    class Option
    {
        public static function get($moduleId, $name, $default = '', $siteId = false)
        {
            $data = &\BitrixStub\Store::data();
            return $data['options'][$moduleId][$name] ?? $default;
        }

        public static function set($moduleId, $name, $value = '', $siteId = '')
        {
            $data = &\BitrixStub\Store::data();
            $data['options'][$moduleId][$name] = (string) $value;
            \BitrixStub\Store::save();
        }

        public static function delete($moduleId, array $filter = array())
        {
            $data = &\BitrixStub\Store::data();
            unset($data['options'][$moduleId]);
            \BitrixStub\Store::save();
        }
    }
}

namespace Bitrix\Main\Localization {

    /**
     * Messages come from the lang file beside the file that asks: Bitrix walks up from the file's
     * folder to the first folder holding `lang/` and reads lang/<language>/<the rest of the path>.
     */
    final class Loc
    {
        /** @var array<string, string> */
        private static $messages = [];
        /** @var array<string, bool> */
        private static $loaded = [];

        public static function loadMessages($file)
        {
            $file = str_replace('\\', '/', $file);
            if (isset(self::$loaded[$file])) {
                return;
            }
            self::$loaded[$file] = true;
            $path = $file;
            while (($slash = strrpos($path, '/')) !== false) {
                $path = substr($path, 0, $slash);
                if (is_dir($path . '/lang')) {
                    $langFile = $path . '/lang/' . LANGUAGE_ID . substr($file, $slash);
                    if (is_file($langFile)) {
                        $MESS = [];
                        include $langFile;
                        self::$messages = array_merge(self::$messages, $MESS);
                    }
                    return;
                }
            }
        }

        public static function getMessage($code, $replace = null, $language = null)
        {
            $message = self::$messages[$code] ?? null;
            if ($message !== null && is_array($replace)) {
                $message = strtr($message, $replace);
            }
            return $message;
        }
    }
}
