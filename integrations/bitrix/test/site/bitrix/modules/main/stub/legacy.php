<?php
// Stubs of Bitrix's older global API that module installers and payment templates use: CModule,
// $APPLICATION (CMain), $USER (CUser), CSite, CSaleHelper and the file and module functions, with
// the signatures of Bitrix's `main` and `sale` modules.

use BitrixStub\Store;

class CModule
{
    public $MODULE_ID;
    public $MODULE_VERSION;
    public $MODULE_VERSION_DATE;
    public $MODULE_NAME;
    public $MODULE_DESCRIPTION;
    public $MODULE_GROUP_RIGHTS = 'N';
    public $PARTNER_NAME;
    public $PARTNER_URI;

    public function IsInstalled()
    {
        return IsModuleInstalled($this->MODULE_ID);
    }

    public static function IncludeModule($module_name)
    {
        return \Bitrix\Main\Loader::includeModule($module_name);
    }

    /** What the admin's «Установить» on Marketplace → Installed solutions calls. */
    public static function CreateModuleObject($moduleName)
    {
        $moduleName = preg_replace('/[^a-zA-Z0-9_.]+/i', '', trim($moduleName));
        if ($moduleName == '') {
            return false;
        }
        $path = getLocalPath('modules/' . $moduleName . '/install/index.php');
        if ($path === false) {
            return false;
        }
        include_once $_SERVER['DOCUMENT_ROOT'] . $path;
        $className = str_replace('.', '_', $moduleName);
        if (!class_exists($className)) {
            return false;
        }
        return new $className();
    }
}

class CMain
{
    /** @var array */
    private $exceptions = [];

    /** Drops what the page printed so far (Bitrix buffers the whole page). */
    public function RestartBuffer()
    {
        while (ob_get_level() > 0) {
            ob_end_clean();
        }
        ob_start();
    }

    public function FinalActions()
    {
        while (ob_get_level() > 0) {
            ob_end_flush();
        }
    }

    public function IncludeAdminFile($strTitle, $filepath)
    {
        global $APPLICATION, $USER;
        include $filepath;
    }

    public function ThrowException($msg, $id = false)
    {
        $this->exceptions[] = $msg;
    }

    public function GetException()
    {
        return $this->exceptions === [] ? false : end($this->exceptions);
    }
}

class CUser
{
    public function GetID()
    {
        return null;
    }

    public function IsAdmin()
    {
        return false;
    }
}

class CSite
{
    public static function GetCurTemplate()
    {
        return '.default';
    }
}

class CSaleHelper
{
    public static function IsAssociativeArray($ar)
    {
        if (count($ar) <= 0) {
            return false;
        }
        $fl = false;
        $arKeys = array_keys($ar);
        $ind = -1;
        foreach ($arKeys as $key) {
            $ind++;
            if ($key . '!' !== $ind . '!' && (string) $key !== (string) $ind) {
                $fl = true;
                break;
            }
        }
        return $fl;
    }
}

function getLocalPath($path, $baseFolder = '/bitrix')
{
    return \Bitrix\Main\Loader::getLocal($path);
}

function IsModuleInstalled($module_id)
{
    $data = &Store::data();
    return in_array($module_id, $data['modules'], true);
}

function RegisterModule($id)
{
    $data = &Store::data();
    if (!in_array($id, $data['modules'], true)) {
        $data['modules'][] = $id;
        Store::save();
    }
}

function UnRegisterModule($id)
{
    $data = &Store::data();
    $data['modules'] = array_values(array_diff($data['modules'], [$id]));
    unset($data['options'][$id]);
    Store::save();
}

function IncludeModuleLangFile($filepath, $lang = false, $bReturnArray = false)
{
    \Bitrix\Main\Localization\Loc::loadMessages($filepath);
}

function GetMessage($name, $aReplace = null)
{
    return \Bitrix\Main\Localization\Loc::getMessage($name, $aReplace);
}

function CheckDirPath($path, $bPermission = true)
{
    $path = str_replace(['\\', '//'], '/', $path);
    if ($path[strlen($path) - 1] !== '/') {
        $path = substr($path, 0, strrpos($path, '/'));
    }
    if (!is_dir($path)) {
        mkdir($path, BX_DIR_PERMISSIONS, true);
    }
    return is_dir($path);
}

function CopyDirFiles($path_from, $path_to, $ReWrite = true, $Recursive = false, $bDeleteAfterCopy = false, $strExclude = '')
{
    if (strpos($path_to . '/', $path_from . '/') === 0) {
        return false;
    }
    if (is_dir($path_from)) {
        CheckDirPath($path_to . '/');
    } elseif (is_file($path_from)) {
        $p = strrpos($path_to, '/');
        $path_to_dir = substr($path_to, 0, $p);
        CheckDirPath($path_to_dir . '/');
        if (file_exists($path_to) && !$ReWrite) {
            return false;
        }
        copy($path_from, $path_to);
        chmod($path_to, BX_FILE_PERMISSIONS);
        return true;
    } else {
        return true;
    }
    if ($handle = opendir($path_from)) {
        while (($file = readdir($handle)) !== false) {
            if ($file == '.' || $file == '..') {
                continue;
            }
            if (strlen($strExclude) > 0 && substr($file, 0, strlen($strExclude)) == $strExclude) {
                continue;
            }
            if (is_dir($path_from . '/' . $file) && $Recursive) {
                CopyDirFiles($path_from . '/' . $file, $path_to . '/' . $file, $ReWrite, $Recursive, $bDeleteAfterCopy, $strExclude);
            } elseif (is_file($path_from . '/' . $file)) {
                if (file_exists($path_to . '/' . $file) && !$ReWrite) {
                    continue;
                }
                copy($path_from . '/' . $file, $path_to . '/' . $file);
                chmod($path_to . '/' . $file, BX_FILE_PERMISSIONS);
            }
        }
        closedir($handle);
        return true;
    }
    return false;
}

/** Bitrix's own: the path is relative to the site's root, not absolute. */
function DeleteDirFilesEx($path)
{
    if (strlen($path) == 0 || $path == '/') {
        return false;
    }
    $full_path = $_SERVER['DOCUMENT_ROOT'] . '/' . $path;
    $full_path = preg_replace('#[\\\\\\/]+#', '/', $full_path);
    $f = true;
    if (is_file($full_path) || is_link($full_path)) {
        return unlink($full_path);
    } elseif (is_dir($full_path)) {
        if ($handle = opendir($full_path)) {
            while (($file = readdir($handle)) !== false) {
                if ($file == '.' || $file == '..') {
                    continue;
                }
                if (!DeleteDirFilesEx($path . '/' . $file)) {
                    $f = false;
                }
            }
            closedir($handle);
        }
        if (!rmdir($full_path)) {
            return false;
        }
        return $f;
    }
    return false;
}

function ToLower($str, $lang = false)
{
    return strtolower($str);
}

function htmlspecialcharsbx($string, $flags = ENT_COMPAT, $doubleEncode = true)
{
    return htmlspecialchars((string) $string, $flags, 'ISO-8859-1', $doubleEncode);
}
