<?php
$arModuleVersion = array(
    'VERSION' => '1.0.0',
    'VERSION_DATE' => '2026-11-25 12:00:00',
);
