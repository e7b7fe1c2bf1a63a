# Examples for security.yaml.
import hashlib
import os
import pickle
import ssl
import subprocess
import tempfile

import requests
import yaml

# ruleid: semgrep.python.subprocess-shell-true
subprocess.call("tar xf " + archive, shell=True)
# ruleid: semgrep.python.subprocess-shell-true
out = subprocess.check_output(f"git log {ref}", shell=True, text=True)
# ok: semgrep.python.subprocess-shell-true
subprocess.run(["git", "log", ref], check=True)
# ok: semgrep.python.subprocess-shell-true
subprocess.run(cmd, shell=False)

# ruleid: semgrep.python.os-system-dynamic
os.system("rm -rf " + path)
# ruleid: semgrep.python.os-system-dynamic
os.popen(command).read()
# ok: semgrep.python.os-system-dynamic
os.system("clear")

# ruleid: semgrep.python.eval-dynamic
value = eval(request.args["expr"])
# ruleid: semgrep.python.eval-dynamic
exec(code, namespace)
# ok: semgrep.python.eval-dynamic
value = eval("1 + 2")

# ruleid: semgrep.python.pickle-load
obj = pickle.loads(blob)
# ok: semgrep.python.pickle-load
obj = json.loads(blob)

# ruleid: semgrep.python.yaml-unsafe-load
conf = yaml.load(stream)
# ruleid: semgrep.python.yaml-unsafe-load
conf = yaml.load(stream, Loader=yaml.Loader)
# ok: semgrep.python.yaml-unsafe-load
conf = yaml.load(stream, Loader=yaml.SafeLoader)
# ok: semgrep.python.yaml-unsafe-load
conf = yaml.safe_load(stream)

# ruleid: semgrep.python.tls-verify-disabled
r = requests.get(url, timeout=5, verify=False)
# ruleid: semgrep.python.tls-verify-disabled
ctx = ssl._create_unverified_context()
# ruleid: semgrep.python.tls-verify-disabled
ctx.check_hostname = False
# ok: semgrep.python.tls-verify-disabled
r = requests.get(url, timeout=5, verify=True)
# ok: semgrep.python.tls-verify-disabled
ctx = ssl.create_default_context()

# ruleid: semgrep.python.sql-string-formatting
cur.execute("SELECT * FROM users WHERE name = '%s'" % name)
# ruleid: semgrep.python.sql-string-formatting
cur.execute(f"DELETE FROM sessions WHERE id = {sid}")
# ruleid: semgrep.python.sql-string-formatting
cur.execute("UPDATE t SET a = {} WHERE id = 1".format(a))
# ok: semgrep.python.sql-string-formatting
cur.execute("SELECT * FROM users WHERE name = %s", (name,))
# ok: semgrep.python.sql-string-formatting
cur.execute(query)

# ruleid: semgrep.python.flask-debug
app.run(host="0.0.0.0", debug=True)
# ok: semgrep.python.flask-debug
app.run(host="127.0.0.1")

# ruleid: semgrep.python.tempfile-mktemp
name = tempfile.mktemp(suffix=".txt")
# ok: semgrep.python.tempfile-mktemp
fd, name = tempfile.mkstemp(suffix=".txt")

# ruleid: semgrep.python.hash-md5-sha1
digest = hashlib.md5(data).hexdigest()
# ruleid: semgrep.python.hash-md5-sha1
h = hashlib.sha1()
# ok: semgrep.python.hash-md5-sha1
etag = hashlib.md5(data, usedforsecurity=False).hexdigest()
# ok: semgrep.python.hash-md5-sha1
digest = hashlib.sha256(data).hexdigest()
