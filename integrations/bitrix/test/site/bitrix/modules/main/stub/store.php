<?php
// The test site's "database": one JSON file outside the web root, named in /bitrix/.settings.php.
// The file is UTF-8 (the test reads it); inside PHP every string is in the site's charset, as a
// windows-1251 site's MySQL connection hands them to Bitrix. Tables: modules, options, pay_systems,
// business_values, order_statuses, users, orders (with basket, properties, payments), pay_system_log.

namespace BitrixStub;

final class Store
{
    /** @var array|null */
    private static $data = null;

    public static function path(): string
    {
        $settings = require $_SERVER['DOCUMENT_ROOT'] . '/bitrix/.settings.php';
        return $settings['connections']['value']['default']['path'];
    }

    /** The tables, loaded once per request; changes are written by save(). */
    public static function &data(): array
    {
        if (self::$data === null) {
            $json = json_decode((string) file_get_contents(self::path()), true);
            if (!is_array($json)) {
                throw new \RuntimeException('bitrix-stub: the database file is not JSON');
            }
            self::$data = self::convert($json, 'UTF-8', SITE_CHARSET);
        }
        return self::$data;
    }

    public static function save(): void
    {
        $utf8 = self::convert(self::$data, SITE_CHARSET, 'UTF-8');
        $json = json_encode($utf8, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
            | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR);
        $temporary = self::path() . '.tmp';
        file_put_contents($temporary, $json);
        rename($temporary, self::path());
    }

    /**
     * Strings converted between charsets, walking arrays; an object with a text (a Bitrix date) is
     * stored as that text.
     *
     * @param mixed $value
     */
    public static function convert($value, string $from, string $to)
    {
        if (is_array($value)) {
            $out = [];
            foreach ($value as $key => $item) {
                $out[is_string($key) ? self::convert($key, $from, $to) : $key] = self::convert($item, $from, $to);
            }
            return $out;
        }
        if (is_object($value) && method_exists($value, '__toString')) {
            $value = (string) $value;
        }
        if (is_string($value) && $from !== $to) {
            $converted = iconv($from, $to, $value);
            if ($converted === false) {
                throw new \RuntimeException("bitrix-stub: cannot convert a string from $from to $to");
            }
            return $converted;
        }
        return $value;
    }

    /** Characters in a string of the site's charset (the database counts varchar lengths so). */
    public static function length(string $value): int
    {
        return SITE_CHARSET === 'UTF-8' ? (int) preg_match_all('/./us', $value) : strlen($value);
    }
}
