<?php

namespace B2BPay\Bitrix;

use Bitrix\Main\Text\Encoding;

/**
 * B2BPay speaks UTF-8; a Bitrix site may run in windows-1251 (SITE_CHARSET), where every string
 * from the database, the lang files and the templates is in that charset. Conversion happens at the
 * edge: what goes to the API, and what comes back to be shown or stored.
 */
final class Charset
{
    public static function site(): string
    {
        return defined('SITE_CHARSET') && SITE_CHARSET !== '' ? strtoupper(SITE_CHARSET) : 'UTF-8';
    }

    /** @param mixed $value a string or an array of them, in the site's charset */
    public static function toUtf8($value)
    {
        return self::site() === 'UTF-8' ? $value : Encoding::convertEncoding($value, self::site(), 'UTF-8');
    }

    /** @param mixed $value a string or an array of them, in UTF-8 */
    public static function fromUtf8($value)
    {
        return self::site() === 'UTF-8' ? $value : Encoding::convertEncoding($value, 'UTF-8', self::site());
    }

    /** The first $max characters of a UTF-8 string (no mbstring needed). */
    public static function cut(string $utf8, int $max): string
    {
        return preg_match('/^.{0,' . $max . '}/us', $utf8, $match) === 1 ? $match[0] : substr($utf8, 0, $max);
    }
}
