# Examples for openssl.yaml.
require 'openssl'

# ruleid: dca.ruby.openssl-cipher (aes, gcm)
cipher = OpenSSL::Cipher.new('aes-256-gcm')
# ok: dca.ruby.openssl-cipher
cipher2 = OpenSSL::Cipher.new(name)
# ruleid: dca.ruby.digest (sha2)
d = Digest::SHA256.hexdigest(data)
# ruleid: dca.ruby.digest (md5)
m = OpenSSL::Digest::MD5.new
# ok: dca.ruby.digest
x = Digest::Instance
# ruleid: dca.ruby.openssl-digest (sha1)
s = OpenSSL::Digest.new('SHA1')
# ok: dca.ruby.openssl-digest
s2 = OpenSSL::Digest.new(algorithm)
# ruleid: dca.ruby.pkey (rsa)
key = OpenSSL::PKey::RSA.new(2048)
# ruleid: dca.ruby.pkey (ecc)
ec = OpenSSL::PKey::EC.generate('prime256v1')
# ok: dca.ruby.pkey
pem = OpenSSL::PKey.read(text)
