# Examples for hashlib.yaml.
import hashlib
import hmac

# ruleid: dca.python.hashlib-constructor (sha1)
digest = hashlib.sha1(b"data").hexdigest()
# ruleid: dca.python.hashlib-constructor (sha3)
other = hashlib.sha3_256()
# ruleid: dca.python.hashlib-constructor (blake2)
b2 = hashlib.blake2b(digest_size=32)
# ok: dca.python.hashlib-constructor
available = hashlib.algorithms_available
# ok: dca.python.hashlib-constructor
h = hashlib.file_digest(f, "sha256")
# ruleid: dca.python.hashlib-new (md5)
legacy = hashlib.new('md5')
# ruleid: dca.python.hashlib-new (ripemd)
r = hashlib.new("ripemd160", b"x")
# ok: dca.python.hashlib-new
dyn = hashlib.new(name)
# ruleid: dca.python.hashlib-pbkdf2 (pbkdf2)
# ruleid: dca.python.hashlib-pbkdf2-digest (sha2)
key = hashlib.pbkdf2_hmac('sha256', password, salt, 100000)
# ruleid: dca.python.hashlib-pbkdf2 (pbkdf2)
# ok: dca.python.hashlib-pbkdf2-digest
key2 = hashlib.pbkdf2_hmac(hash_name, password, salt, 100000)
# ok: dca.python.hashlib-pbkdf2
iterations = pbkdf2_iterations(100000)
# ruleid: dca.python.hashlib-scrypt (scrypt)
k3 = hashlib.scrypt(password, salt=salt, n=16384, r=8, p=1)
# ok: dca.python.hashlib-scrypt
params = scrypt_params()
# ruleid: dca.python.hmac (hmac)
mac = hmac.new(key, msg, hashlib.sha256)
# ok: dca.python.hmac
same = hmac.compare_digest(a, b)
