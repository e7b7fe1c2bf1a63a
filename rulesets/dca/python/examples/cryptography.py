# Examples for cryptography.yaml.
from cryptography.hazmat.primitives import hashes, padding as sym_padding
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

# ruleid: dca.python.pyca-cipher-algorithm (aes)
# ruleid: dca.python.pyca-mode (cbc)
cipher = Cipher(algorithms.AES(key), modes.CBC(iv))
# ruleid: dca.python.pyca-cipher-algorithm (3des)
# ruleid: dca.python.pyca-mode (ecb)
old = Cipher(algorithms.TripleDES(key), modes.ECB())
# ok: dca.python.pyca-cipher-algorithm
# ok: dca.python.pyca-mode
fields = (algorithms.block_size, modes.mode_name)
# ruleid: dca.python.pyca-hash (sha2)
digest = hashes.Hash(hashes.SHA256())
# ok: dca.python.pyca-hash
ctx = hashes.Hash(algorithm)
# ruleid: dca.python.pyca-aead-kdf (aes, gcm)
aead = AESGCM(key)
# ruleid: dca.python.pyca-aead-kdf (pbkdf2)
# ruleid: dca.python.pyca-hash (sha2)
kdf = PBKDF2HMAC(algorithm=hashes.SHA512(), length=32, salt=salt, iterations=480000)
# ok: dca.python.pyca-aead-kdf
other = Fernet(key)
# ruleid: dca.python.pyca-asymmetric (rsa)
private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
# ruleid: dca.python.pyca-asymmetric (ecc)
ec_key = ec.generate_private_key(ec.SECP384R1())
# ok: dca.python.pyca-asymmetric
loaded = serialization.load_pem_private_key(pem, password=None)
# ruleid: dca.python.pyca-edwards (ed25519)
signing = ed25519.Ed25519PrivateKey.generate()
# ok: dca.python.pyca-edwards
uid = uuid.UUID.generate()
# ruleid: dca.python.pyca-padding (rsa-oaep)
# ruleid: dca.python.pyca-hash (sha2)
# ruleid: dca.python.pyca-hash (sha2)
ct = public_key.encrypt(msg, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
# ok: dca.python.pyca-padding
padder = sym_padding.PKCS7(128).padder()
