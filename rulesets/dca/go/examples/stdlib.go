// Examples for stdlib.yaml.
package examples

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/ecdsa"
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"

	"golang.org/x/crypto/pbkdf2"
)

func examples(key, data []byte, pub *rsa.PublicKey) {
	// ruleid: dca.go.hash (md5)
	h := md5.New()
	// ruleid: dca.go.hash (sha1)
	sum := sha1.Sum(data)
	// ruleid: dca.go.hash (sha2)
	s256 := sha256.Sum256(data)
	// ok: dca.go.hash
	size := sha256.Size
	// ok: dca.go.hash
	buf := bytes.NewBuffer(data)
	// ruleid: dca.go.cipher (aes)
	block, _ := aes.NewCipher(key)
	// ruleid: dca.go.cipher (des)
	single, _ := des.NewCipher(key)
	// ok: dca.go.cipher
	n := aes.BlockSize
	// ruleid: dca.go.triple-des (3des)
	// ok: dca.go.cipher
	triple, _ := des.NewTripleDESCipher(key)
	// ok: dca.go.triple-des
	ks := des.KeySizeError(3)
	// ruleid: dca.go.gcm (gcm)
	aead, _ := cipher.NewGCM(block)
	// ok: dca.go.gcm
	var stream cipher.Stream
	// ruleid: dca.go.cbc (cbc)
	enc := cipher.NewCBCEncrypter(block, iv)
	// ok: dca.go.cbc
	var mode cipher.BlockMode
	// ruleid: dca.go.ctr (ctr)
	ctr := cipher.NewCTR(block, iv)
	// ok: dca.go.ctr
	ofb := cipher.NewOFB(block, iv)
	// ruleid: dca.go.rsa (rsa)
	priv, _ := rsa.GenerateKey(rand.Reader, 2048)
	// ok: dca.go.rsa
	var pk rsa.PrivateKey
	// ruleid: dca.go.rsa-oaep (rsa-oaep)
	// ruleid: dca.go.hash (sha2)
	ct, _ := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, data, nil)
	// ok: dca.go.rsa-oaep
	opts := rsa.OAEPOptions{}
	// ruleid: dca.go.rsa-pss (rsassapss)
	sig, _ := rsa.SignPSS(rand.Reader, priv, crypto.SHA256, digest, nil)
	// ok: dca.go.rsa-pss
	popts := rsa.PSSOptions{}
	// ruleid: dca.go.asymmetric (ecdsa)
	ek, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	// ok: dca.go.asymmetric
	var epk ecdsa.PublicKey
	// ruleid: dca.go.kdf (hmac)
	mac := hmac.New(sha256.New, key)
	// ruleid: dca.go.kdf (pbkdf2)
	dk := pbkdf2.Key(key, salt, 4096, 32, sha1.New)
	// ok: dca.go.kdf
	eq := hmac.Equal(a, b)
	_, _, _, _, _, _, _, _, _, _ = h, sum, s256, size, buf, single, n, triple, ks, aead
}
