// Examples for files.yaml (TypeScript).
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
import * as fs from 'node:fs'
import { promises as fsp, writeFileSync } from 'node:fs'

// ruleid: semgrep.javascript.predictable-temp-file
fs.writeFileSync('/tmp/build-output.json', JSON.stringify(result))
// ruleid: semgrep.javascript.predictable-temp-file
const out: fs.WriteStream = fs.createWriteStream(`/tmp/${name}.log`)
// ruleid: semgrep.javascript.predictable-temp-file
await fsp.writeFile('/var/tmp/cache.bin', data)
// ok: semgrep.javascript.predictable-temp-file
fs.writeFileSync(path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'x-')), 'out.json'), text)
// ok: semgrep.javascript.predictable-temp-file
writeFileSync('./tmp/out.json', text)
