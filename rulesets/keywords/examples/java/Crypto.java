// Hand-written keyword examples.
class Crypto {
  void run() throws Exception {
    // ruleid: keywords.java.aes
    javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
    // ruleid: keywords.java.rsa
    java.security.KeyPairGenerator k = java.security.KeyPairGenerator.getInstance("RSA");
    // ok: keywords.java.rsa
    String versa = "conversations";
    // ruleid: keywords.java.3des
    String legacy = "TripleDES";
    // ok: keywords.java.3des
    int desks3desk = 3;
  }
}
