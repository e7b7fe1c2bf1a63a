// Hand-written keyword examples.
package hash

// ruleid: keywords.go.md5
import "crypto/md5"

func f(b []byte) {
	// ruleid: keywords.go.sha1
	_ = sha1.Sum(b)
	// ok: keywords.go.sha1
	var sha1x = 0
	// ruleid: keywords.go.md5
	_ = md5.New
}
