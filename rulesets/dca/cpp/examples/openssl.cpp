// Examples for openssl.yaml (C++).
#include <openssl/evp.h>

void examples(EVP_CIPHER_CTX *ctx, const unsigned char *key, const unsigned char *iv) {
  // ruleid: dca.cpp.openssl-evp (aes, gcm)
  EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), nullptr, key, iv);
  // ruleid: dca.cpp.openssl-evp (md5)
  auto md = ::EVP_md5();
  // ok: dca.cpp.openssl-evp
  auto ctx2 = EVP_CIPHER_CTX_new();
  // ok: dca.cpp.openssl-evp
  auto name = MY_EVP_sha1();
  // ruleid: dca.cpp.openssl-digest (sha1)
  SHA1_Init(&sha);
  // ok: dca.cpp.openssl-digest
  hasher.SHA1_Init(&sha);
  // ruleid: dca.cpp.openssl-rsa (rsa)
  RSA_generate_key_ex(rsa, 2048, e, nullptr);
  // ok: dca.cpp.openssl-rsa
  RSA_free(rsa);
}
