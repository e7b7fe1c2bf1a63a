# Hand-written keyword examples: real-looking code the keyword rules must (ruleid) and must not (ok) match.
import hashlib

# ruleid: keywords.python.sha1
digest = hashlib.sha1(payload).hexdigest()
# ruleid: keywords.python.md5
checksum = md5_file(path)
# ok: keywords.python.md5
command = "xmd5_value --all"
# ok: keywords.python.des
nodes_each = [node for node in graph]
# ruleid: keywords.python.sha2
fingerprint = hashlib.sha256(payload).hexdigest()
# ok: keywords.python.sha2
pysha256_compat = True
