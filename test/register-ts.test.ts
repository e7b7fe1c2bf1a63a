// bin/register-ts.js in worker threads (the artifact threads load the TypeScript through it): a thread
// that is terminated leaves no defunct child process behind (esbuild's own service thread used to leave one per
// thread, 49 after 18 minutes of on-demand work).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { Worker } from 'node:worker_threads'

const register = new URL('../bin/register-ts.js', import.meta.url).href
const module = new URL('../src/domain/shared/purl.ts', import.meta.url).href

/** This process's children as `ps` sees them: their state letters (Z: defunct) and names. */
const children = () =>
  execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim() !== '' && !/\bps$/.test(l.trim()))

test('threads that load TypeScript and are terminated leave no defunct process', async () => {
  for (let i = 0; i < 3; i++) {
    const code = `await import(${JSON.stringify(register)}); const m = await import(${JSON.stringify(module)});
      (await import('node:worker_threads')).parentPort.postMessage(typeof m.parsePurl); setInterval(() => {}, 1000)`
    const thread = new Worker(code, { eval: true })
    const loaded = await new Promise((resolve, reject) => thread.once('message', resolve).once('error', reject))
    assert.equal(loaded, 'function', 'the thread ran the TypeScript module')
    await thread.terminate()
  }
  await new Promise((r) => setTimeout(r, 500))
  const defunct = children().filter((l) => l.trim().startsWith('Z'))
  assert.deepEqual(defunct, [])
})
