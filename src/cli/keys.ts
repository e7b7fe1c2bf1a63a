// `compintel keys create|list|revoke`: manage API keys in the KB; a new key is printed once and never stored.
import { parseArgs } from 'node:util'
import { createRuntime } from '../app/runtime.ts'
import type { Config } from '../config/config.ts'

export async function runKeys(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scope: { type: 'string', multiple: true },
      tier: { type: 'string' },
      json: { type: 'boolean' },
    },
  })
  const runtime = await createRuntime({ ...config, seedKeys: [], keyCacheTtlMs: 0 })
  try {
    const { keys } = runtime.services
    switch (sub) {
      case 'create': {
        if (!values.name) throw new Error('keys create needs --name')
        const scopes = (values.scope ?? ['*'])
          .flatMap((s) => s.split(/[+,]/))
          .map((s) => s.trim())
          .filter(Boolean)
        const { key, record } = await keys.create({
          name: values.name,
          scopes,
          ...(values.tier ? { tier: values.tier } : {}),
        })
        console.log(`created key ${record.id} "${record.name}" scopes=${record.scopes.join('+')} tier=${record.tier}`)
        console.log('This is the only time the key is shown; store it now:')
        console.log(key)
        return 0
      }
      case 'list': {
        const list = await keys.list()
        if (values.json) {
          console.log(
            JSON.stringify(
              list.map(({ hash: _hash, ...r }) => r),
              null,
              2,
            ),
          )
          return 0
        }
        if (list.length === 0) console.log('no keys')
        for (const r of list) {
          const state = r.revokedAt ? `revoked ${r.revokedAt}` : 'active'
          console.log(`${r.id}  ${r.prefix}…  ${r.scopes.join('+')}  ${r.tier}  ${r.createdAt}  ${state}  ${r.name}`)
        }
        return 0
      }
      case 'revoke': {
        const target = positionals[0]
        if (!target) throw new Error('keys revoke needs the key id or prefix')
        const n = await keys.revoke(target)
        if (n === 0) {
          console.error(`no active key with id or prefix ${target}`)
          return 1
        }
        console.log(`revoked ${n} key(s); servers stop accepting it within KEY_CACHE_TTL_MS`)
        return 0
      }
      default:
        throw new Error('usage: compintel keys create|list|revoke')
    }
  } finally {
    await runtime.close()
  }
}
