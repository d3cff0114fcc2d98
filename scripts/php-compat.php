<?php
// php scripts/php-compat.php <folder>…: the PHP SDK and the 1C-Bitrix module must run on PHP 7.4 (many
// Bitrix sites still do) while `php -l` here is PHP 8: this reads every .php file's tokens and names each construct
// PHP 7.4 cannot parse or lacks, plus what the module must never do (end the script with die/exit,
// need mbstring, which not every PHP has). Prints one line per finding; exits 1 when there is one.

$forbiddenTokens = array(
    'T_MATCH' => 'match expression (PHP 8.0)',
    'T_NULLSAFE_OBJECT_OPERATOR' => 'nullsafe operator ?-> (PHP 8.0)',
    'T_ATTRIBUTE' => 'attribute #[...] (PHP 8.0)',
    'T_READONLY' => 'readonly (PHP 8.1)',
    'T_ENUM' => 'enum (PHP 8.1)',
    'T_EXIT' => 'die/exit (Bitrix finishes the request itself)',
);
$forbiddenFunctions = array(
    'str_contains' => 'PHP 8.0', 'str_starts_with' => 'PHP 8.0', 'str_ends_with' => 'PHP 8.0',
    'get_debug_type' => 'PHP 8.0', 'get_resource_id' => 'PHP 8.0', 'fdiv' => 'PHP 8.0',
    'array_is_list' => 'PHP 8.1', 'json_validate' => 'PHP 8.3',
);
$typeOnly = array('mixed' => 'PHP 8.0', 'never' => 'PHP 8.1');

$findings = array();
$files = array();
foreach (array_slice($argv, 1) as $folder) {
    $iterator = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($folder, FilesystemIterator::SKIP_DOTS));
    foreach ($iterator as $file) {
        if ($file->isFile() && substr($file->getFilename(), -4) === '.php') {
            $files[] = $file->getPathname();
        }
    }
}
sort($files);

foreach ($files as $path) {
    $tokens = array_values(array_filter(token_get_all(file_get_contents($path)), static function ($token) {
        return !is_array($token) || !in_array($token[0], array(T_WHITESPACE, T_COMMENT, T_DOC_COMMENT), true);
    }));
    $line = 1;
    $report = static function ($token, string $what) use ($path, &$findings, &$line) {
        $findings[] = $path . ':' . $line . ': ' . $what;
    };
    $inSignature = false;
    $depth = 0;
    foreach ($tokens as $i => $token) {
        $line = is_array($token) ? $token[2] : $line;
        $name = is_array($token) ? token_name($token[0]) : $token;
        $text = is_array($token) ? $token[1] : $token;
        $previous = $tokens[$i - 1] ?? null;
        $next = $tokens[$i + 1] ?? null;
        if (isset($forbiddenTokens[$name])) {
            $report($token, $forbiddenTokens[$name]);
        }
        if (is_array($token) && in_array($token[0], array(T_STRING, T_NAME_FULLY_QUALIFIED), true)
            && $next === '(' && isset($forbiddenFunctions[strtolower(ltrim($text, '\\'))])
            && !(is_array($previous) && in_array($previous[0], array(T_FUNCTION, T_OBJECT_OPERATOR, T_DOUBLE_COLON), true))) {
            $report($token, ltrim($text, '\\') . '() (' . $forbiddenFunctions[strtolower(ltrim($text, '\\'))] . ')');
        }
        if (is_array($token) && $token[0] === T_STRING && strpos(strtolower($text), 'mb_') === 0 && $next === '(') {
            $report($token, $text . '() needs mbstring, which not every PHP has: use iconv or byte functions');
        }
        // Named arguments: `(name:` or `, name:` in a call (a ternary's `? a :` never starts so).
        if (is_array($token) && $token[0] === T_STRING && ($previous === '(' || $previous === ',') && $next === ':') {
            $report($token, 'named argument ' . $text . ': (PHP 8.0)');
        }
        // First-class callable syntax: f(...)
        if (is_array($token) && $token[0] === T_ELLIPSIS && $previous === '(' && $next === ')') {
            $report($token, 'first-class callable (...) (PHP 8.1)');
        }
        // Inside a function's parameter list and return type: union types, mixed, promotion.
        if (is_array($token) && $token[0] === T_FUNCTION) {
            $inSignature = true;
            $depth = 0;
            continue;
        }
        if (!$inSignature) {
            continue;
        }
        if ($token === '(') {
            $depth++;
        } elseif ($token === ')') {
            $depth--;
        } elseif ($token === '{' || $token === ';' || (is_array($token) && $token[0] === T_DOUBLE_ARROW && $depth === 0)) {
            $inSignature = false;
        } elseif ($token === '|' && $depth <= 1) {
            $report($token, 'union type (PHP 8.0)');
        } elseif (is_array($token) && $token[0] === T_STRING && isset($typeOnly[strtolower($text)])) {
            $report($token, 'type ' . $text . ' (' . $typeOnly[strtolower($text)] . ')');
        } elseif (is_array($token) && $token[0] === T_STATIC && $previous === ':') {
            $report($token, 'static return type (PHP 8.0)');
        } elseif (is_array($token) && $depth === 1 && in_array($token[0], array(T_PUBLIC, T_PROTECTED, T_PRIVATE), true)) {
            $report($token, 'constructor property promotion (PHP 8.0)');
        } elseif (is_array($token) && $token[0] === T_NEW && $depth === 1) {
            $report($token, 'new in a default value (PHP 8.1)');
        }
    }
}

foreach ($findings as $finding) {
    echo $finding, "\n";
}
fwrite(STDERR, count($files) . ' PHP files checked for PHP 7.4, ' . count($findings) . " problems\n");
exit($findings === array() ? 0 : 1);
