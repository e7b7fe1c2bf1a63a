<?php
// Examples for crypto.yaml.

// ruleid: dca.php.hash (sha2)
$digest = hash('sha256', $data);
// ruleid: dca.php.hash (md5)
$mac = hash_hmac("md5", $data, $key);
// ok: dca.php.hash
$name = hash($algorithm, $data);
// ruleid: dca.php.openssl-cipher (aes, cbc)
$ct = openssl_encrypt($plain, 'aes-256-cbc', $key, OPENSSL_RAW_DATA, $iv);
// ok: dca.php.openssl-cipher
$ct2 = openssl_encrypt($plain, $cipher, $key);
// ruleid: dca.php.legacy-hash (md5)
$legacy = md5($password);
// ruleid: dca.php.legacy-hash (sha1)
$file = sha1_file($path);
// ok: dca.php.legacy-hash
$x = $obj->md5($value);
