// Examples for security.yaml.
import java.io.ObjectInputStream;
import java.security.MessageDigest;
import javax.crypto.Cipher;

class Security {
  void run(String dir, String id, Connection conn, Statement stmt, HttpsURLConnection https) throws Exception {
    // ruleid: semgrep.java.runtime-exec-concatenation
    Runtime.getRuntime().exec("ls -l " + dir);
    // ok: semgrep.java.runtime-exec-concatenation
    Runtime.getRuntime().exec(new String[] {"ls", "-l", dir});

    // ruleid: semgrep.java.sql-string-concatenation
    ResultSet rs = stmt.executeQuery("SELECT * FROM users WHERE id = " + id);
    // ruleid: semgrep.java.sql-string-concatenation
    PreparedStatement ps = conn.prepareStatement("DELETE FROM t WHERE k = '" + id + "'");
    // ok: semgrep.java.sql-string-concatenation
    PreparedStatement ok = conn.prepareStatement("SELECT * FROM users WHERE id = ?");
    // ok: semgrep.java.sql-string-concatenation
    stmt.execute(prefix + suffix);

    // ruleid: semgrep.java.object-input-stream
    ObjectInputStream in = new ObjectInputStream(socket.getInputStream());
    // ok: semgrep.java.object-input-stream
    DataInputStream data = new DataInputStream(socket.getInputStream());

    // ruleid: semgrep.java.cipher-weak-or-ecb
    Cipher c1 = Cipher.getInstance("DES/CBC/PKCS5Padding");
    // ruleid: semgrep.java.cipher-weak-or-ecb
    Cipher c2 = Cipher.getInstance("AES");
    // ruleid: semgrep.java.cipher-weak-or-ecb
    Cipher c3 = Cipher.getInstance("AES/ECB/PKCS5Padding");
    // ok: semgrep.java.cipher-weak-or-ecb
    Cipher c4 = Cipher.getInstance("AES/GCM/NoPadding");

    // ruleid: semgrep.java.digest-md5-sha1
    MessageDigest md = MessageDigest.getInstance("MD5");
    // ok: semgrep.java.digest-md5-sha1
    MessageDigest sha = MessageDigest.getInstance("SHA-256");

    // ruleid: semgrep.java.hostname-verification-disabled
    https.setHostnameVerifier((host, session) -> true);
    // ruleid: semgrep.java.hostname-verification-disabled
    builder.setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE);
    // ok: semgrep.java.hostname-verification-disabled
    https.setHostnameVerifier(verifier);
  }
}
