// Examples for dotnet.yaml.
using System.Security.Cryptography;

class Examples {
  void Run(byte[] key) {
    // ruleid: dca.csharp.factory (aes)
    using var aes = Aes.Create();
    // ruleid: dca.csharp.factory (sha2)
    using var sha = SHA256.Create();
    // ruleid: dca.csharp.factory (ecdh)
    using var ecdh = ECDiffieHellman.Create();
    // ok: dca.csharp.factory
    var list = MyAes.Create();
    // ruleid: dca.csharp.constructor (aes, gcm)
    using var gcm = new AesGcm(key, 16);
    // ruleid: dca.csharp.constructor (hmac, sha2)
    using var hmac = new HMACSHA256(key);
    // ruleid: dca.csharp.constructor (pbkdf2)
    var kdf = new Rfc2898DeriveBytes(password, salt, 100000, HashAlgorithmName.SHA256);
    // ok: dca.csharp.constructor
    var settings = new AesSettings();
  }
}
