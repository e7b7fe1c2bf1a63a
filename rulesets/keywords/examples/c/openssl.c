// Hand-written keyword examples.
// ruleid: keywords.c.aes
#include <openssl/aes.h>
// ruleid: keywords.c.md5
#include <openssl/md5.h>

int f(void) {
  // ruleid: keywords.c.md5
  MD5_Init(&ctx);
  // ruleid: keywords.c.aes
  AES_set_encrypt_key(key, 128, &aes);
  // ok: keywords.c.md5
  int amd5x = 0;
  return 0;
}
