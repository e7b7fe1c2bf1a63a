/* Examples for openssl.yaml. */
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/rsa.h>

int examples(EVP_CIPHER_CTX *ctx, const unsigned char *key, const unsigned char *iv, BIGNUM *e) {
  // ruleid: dca.c.openssl-evp (aes, cbc)
  EVP_EncryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, key, iv);
  // ruleid: dca.c.openssl-evp (sha1)
  const EVP_MD *md = EVP_sha1();
  // ruleid: dca.c.openssl-evp (3des, cbc)
  const EVP_CIPHER *c = EVP_des_ede3_cbc();
  // ok: dca.c.openssl-evp
  EVP_CIPHER_CTX *fresh = EVP_CIPHER_CTX_new();
  // ruleid: dca.c.openssl-digest (md5)
  MD5_Init(&md5ctx);
  // ruleid: dca.c.openssl-digest (sha2)
  SHA256(data, len, out);
  // ok: dca.c.openssl-digest
  MD5_CTX_free_custom(&md5ctx);
  // ruleid: dca.c.openssl-cipher (aes)
  AES_set_encrypt_key(key, 128, &aes);
  // ruleid: dca.c.openssl-cipher (aes, ecb)
  AES_ecb_encrypt(in, out, &aes, AES_ENCRYPT);
  // ok: dca.c.openssl-cipher
  int bs = AES_block_size_helper(&aes);
  // ruleid: dca.c.openssl-public-key (rsa)
  RSA_generate_key_ex(rsa, 2048, e, NULL);
  // ruleid: dca.c.openssl-public-key (ecdsa)
  ECDSA_do_sign(dgst, dlen, eckey);
  // ok: dca.c.openssl-public-key
  RSA_free(rsa);
  // ruleid: dca.c.openssl-ec-key (ecc)
  EC_KEY *k = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
  // ok: dca.c.openssl-ec-key
  EC_KEY_free(k);
  // ruleid: dca.c.openssl-hmac (hmac)
  HMAC(EVP_MD_placeholder, key, 16, data, len, out, &outlen);
  // ok: dca.c.openssl-hmac
  HMAC_CTX_free(hctx);
  // ruleid: dca.c.openssl-kdf (pbkdf2)
  PKCS5_PBKDF2_HMAC(pass, plen, salt, slen, 10000, md, 32, out);
  // ok: dca.c.openssl-kdf
  PKCS5_pbe2_set_custom(c, 2048, salt, slen);
  return 0;
}
