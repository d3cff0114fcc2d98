<?php

namespace B2BPay\Bitrix;

/**
 * Sums as whole kopecks. Bitrix hands sums over as floats (its decimal columns) and B2BPay takes
 * roubles on the wire; in between every comparison and addition is done on integers.
 */
final class Money
{
    /** @param float|int|string|null $roubles */
    public static function kopecks($roubles): int
    {
        return (int) round(((float) $roubles) * 100);
    }

    /** Roubles for the API's JSON: an integer divided by 100 encodes as at most two decimals. */
    public static function roubles(int $kopecks): float
    {
        return $kopecks / 100;
    }

    /** «1 000,50» */
    public static function text(int $kopecks): string
    {
        $sign = $kopecks < 0 ? '-' : '';
        $kopecks = abs($kopecks);
        return $sign . number_format(intdiv($kopecks, 100), 0, '', ' ') . ','
            . str_pad((string) ($kopecks % 100), 2, '0', STR_PAD_LEFT);
    }
}
