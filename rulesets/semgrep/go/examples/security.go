// Examples for security.yaml.
package examples

import (
	"crypto/md5"
	"crypto/sha256"
	"crypto/tls"
	"fmt"
	"os/exec"
)

func examples(db *sql.DB, name string, cmd string, data []byte) {
	// ruleid: semgrep.go.tls-insecure-skip-verify
	insecure := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: true}
	// ok: semgrep.go.tls-insecure-skip-verify
	secure := &tls.Config{MinVersion: tls.VersionTLS12}
	// ruleid: semgrep.go.tls-insecure-skip-verify
	secure.InsecureSkipVerify = true

	// ruleid: semgrep.go.tls-legacy-version
	old := &tls.Config{MinVersion: tls.VersionTLS10}
	// ok: semgrep.go.tls-legacy-version
	modern := &tls.Config{MinVersion: tls.VersionTLS13}

	// ruleid: semgrep.go.sql-string-building
	rows, _ := db.Query("SELECT * FROM users WHERE name = '" + name + "'")
	// ruleid: semgrep.go.sql-string-building
	db.Exec(fmt.Sprintf("DELETE FROM sessions WHERE user = '%s'", name))
	// ok: semgrep.go.sql-string-building
	rows2, _ := db.Query("SELECT * FROM users WHERE name = $1", name)

	// ruleid: semgrep.go.exec-shell-command
	exec.Command("sh", "-c", "tar xf "+name).Run()
	// ruleid: semgrep.go.exec-shell-command
	exec.Command("/bin/bash", "-c", cmd).Run()
	// ok: semgrep.go.exec-shell-command
	exec.Command("sh", "-c", "make clean").Run()
	// ok: semgrep.go.exec-shell-command
	exec.Command("tar", "xf", name).Run()

	// ruleid: semgrep.go.hash-md5-sha1
	sum := md5.Sum(data)
	// ok: semgrep.go.hash-md5-sha1
	sum2 := sha256.Sum256(data)
	fmt.Println(insecure, old, modern, rows, rows2, sum, sum2)
}
