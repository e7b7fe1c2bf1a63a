// Examples for jca.yaml.
import java.security.*;
import javax.crypto.*;
import javax.crypto.spec.SecretKeySpec;

class JcaExamples {
  void run(byte[] key, String configured) throws Exception {
    // ruleid: dca.java.cipher (aes, gcm)
    Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
    // ruleid: dca.java.cipher (des, ecb)
    Cipher des = Cipher.getInstance("DES/ECB/PKCS5Padding", "SunJCE");
    // ruleid: dca.java.cipher (rsa-oaep, sha2, mgf1)
    Cipher oaep = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
    // ruleid: dca.java.cipher (rsa)
    Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    // ok: dca.java.cipher
    Cipher dynamic = Cipher.getInstance(configured);
    // ok: dca.java.cipher
    int mode = Cipher.ENCRYPT_MODE;
    // ruleid: dca.java.message-digest (md5)
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    // ruleid: dca.java.message-digest (sha2)
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    // ok: dca.java.message-digest
    MessageDigest other = MessageDigest.getInstance(configured);
    // ruleid: dca.java.mac (hmac, sha2)
    Mac mac = Mac.getInstance("HmacSHA256");
    // ok: dca.java.mac
    int length = mac.getMacLength();
    // ruleid: dca.java.signature (sha2, rsa)
    Signature sig = Signature.getInstance("SHA256withRSA");
    // ruleid: dca.java.signature (sha2, ecdsa)
    Signature ec = Signature.getInstance("SHA384withECDSA");
    // ok: dca.java.signature
    sig.update(key);
    // ruleid: dca.java.key-pair-generator (rsa)
    KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
    // ruleid: dca.java.key-pair-generator (ecc)
    KeyFactory kf = KeyFactory.getInstance("EC");
    // ok: dca.java.key-pair-generator
    KeyPair pair = kpg.generateKeyPair();
    // ruleid: dca.java.secret-key (aes)
    SecretKeySpec spec = new SecretKeySpec(key, "AES");
    // ruleid: dca.java.secret-key (pbkdf2, hmac, sha2)
    SecretKeyFactory skf = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
    // ruleid: dca.java.secret-key (aes)
    KeyGenerator kg = KeyGenerator.getInstance("AES");
    // ruleid: dca.java.secret-key (x25519)
    KeyAgreement ka = KeyAgreement.getInstance("X25519");
    // ok: dca.java.secret-key
    SecretKeySpec fromConfig = new SecretKeySpec(key, configured);
  }
}
