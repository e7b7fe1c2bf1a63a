# Examples for pycryptodome.yaml.
from Crypto.Cipher import AES, DES3, PKCS1_OAEP
from Crypto.Hash import SHA256
from Crypto.PublicKey import RSA, ECC

# ruleid: dca.python.pycryptodome-new (aes)
# ruleid: dca.python.pycryptodome-mode (aes, gcm)
cipher = AES.new(key, AES.MODE_GCM)
# ruleid: dca.python.pycryptodome-new (3des)
# ruleid: dca.python.pycryptodome-mode (3des, cbc)
legacy = DES3.new(key, DES3.MODE_CBC, iv)
# ruleid: dca.python.pycryptodome-new (sha2)
h = SHA256.new(data)
# ruleid: dca.python.pycryptodome-new (rsa-oaep)
oaep = PKCS1_OAEP.new(public_key)
# ok: dca.python.pycryptodome-new
session = Session.new(config)
# ruleid: dca.python.pycryptodome-new (aes)
# ok: dca.python.pycryptodome-mode
stream = AES.new(key, mode)
# ruleid: dca.python.pycryptodome-keygen (rsa)
private = RSA.generate(2048)
# ruleid: dca.python.pycryptodome-keygen (ecc)
ec = ECC.import_key(pem)
# ok: dca.python.pycryptodome-keygen
token = secrets.generate(32)
