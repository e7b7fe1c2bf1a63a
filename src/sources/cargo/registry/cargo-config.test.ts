import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { inspect } from 'node:util'
import { cargoRegistryFromConfig } from './cargo-config.ts'

const files = (map: Record<string, string>) => (p: string) => map[p]
const env = { HOME: '/home/u' }

describe('cargoRegistryFromConfig', () => {
  test('nothing configured, or crates-io itself: undefined (the source uses Debian)', () => {
    assert.equal(cargoRegistryFromConfig(env, files({})), undefined)
    const plain = { '/home/u/.cargo/config.toml': '[net]\ngit-fetch-with-cli = true\n' }
    assert.equal(cargoRegistryFromConfig(env, files(plain)), undefined)
  })

  test('source replacement to a sparse registry, through a chain', () => {
    const toml = `[source.crates-io]\nreplace-with = "corp"\n[source.corp]\nreplace-with = "mirror"\n[source.mirror]\nregistry = "sparse+https://mirror.example/index"\n`
    const r = cargoRegistryFromConfig(env, files({ '/home/u/.cargo/config.toml': toml }))
    assert.equal(r?.index, 'https://mirror.example/index/')
    assert.equal(r?.name, 'mirror')
    assert.equal(r?.credential, undefined)
  })

  test('replace-with naming a [registries] entry; its token from credentials.toml, CARGO_REGISTRIES_<NAME>_* over files', () => {
    const map = {
      '/c/config.toml':
        '[source.crates-io]\nreplace-with = "my-reg"\n[registries.my-reg]\nindex = "sparse+https://reg.example/"\n',
      '/c/credentials.toml': '[registries.my-reg]\ntoken = "FIXTURE-file-token"\n',
    }
    const r = cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(map))
    assert.equal(r?.index, 'https://reg.example/')
    assert.equal(r?.credential?.header(), 'FIXTURE-file-token')
    const e = cargoRegistryFromConfig(
      {
        CARGO_HOME: '/c',
        CARGO_REGISTRIES_MY_REG_INDEX: 'sparse+https://env.example/i/',
        CARGO_REGISTRIES_MY_REG_TOKEN: 'FIXTURE-env',
      },
      files(map),
    )
    assert.equal(e?.index, 'https://env.example/i/')
    assert.equal(e?.credential?.header(), 'FIXTURE-env')
    const printed = `${JSON.stringify(e)} ${inspect(e, { depth: 5 })}`
    assert.ok(!printed.includes('FIXTURE-env'), printed)
  })

  test('a source registry URL takes the token of the [registries] entry with the same index', () => {
    const map = {
      '/c/config.toml':
        '[source.crates-io]\nreplace-with = "m"\n[source.m]\nregistry = "sparse+https://reg.example/"\n[registries.corp]\nindex = "sparse+https://reg.example"\ntoken = "FIXTURE-config-token"\n',
    }
    const r = cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(map))
    assert.equal(r?.name, 'corp')
    assert.equal(r?.credential?.header(), 'FIXTURE-config-token')
  })

  test('Cargo reads `config` over `config.toml` when both exist', () => {
    const map = {
      '/c/config': '[source.crates-io]\nreplace-with = "a"\n[source.a]\nregistry = "sparse+https://a.example/"\n',
      '/c/config.toml': '[source.crates-io]\nreplace-with = "b"\n[source.b]\nregistry = "sparse+https://b.example/"\n',
    }
    assert.equal(cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(map))?.index, 'https://a.example/')
  })

  test('CARGO_INDEX_URL over everything; crates-io tokens (CARGO_REGISTRY_TOKEN, [registry] token) go with it', () => {
    const map = { '/c/credentials.toml': '[registry]\ntoken = "FIXTURE-cio"\n' }
    const r = cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(map), 'sparse+https://setting.example/index')
    assert.equal(r?.index, 'https://setting.example/index/')
    assert.equal(r?.name, 'crates-io')
    assert.equal(r?.credential?.header(), 'FIXTURE-cio')
    const e = cargoRegistryFromConfig(
      { CARGO_HOME: '/c', CARGO_REGISTRY_TOKEN: 'FIXTURE-env' },
      files(map),
      'https://s.example/',
    )
    assert.equal(e?.credential?.header(), 'FIXTURE-env')
  })

  test('a git index, a local registry or a directory source is no sparse registry: undefined', () => {
    for (const source of [
      'registry = "https://git.example/index"',
      'local-registry = "/srv/reg"',
      'directory = "vendor"',
    ]) {
      const map = { '/c/config.toml': `[source.crates-io]\nreplace-with = "x"\n[source.x]\n${source}\n` }
      assert.equal(cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(map)), undefined, source)
    }
  })

  test('bad TOML, a loop of replacements or a URL with credentials: clear errors naming where', () => {
    assert.throws(
      () => cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files({ '/c/config.toml': '[source\n' })),
      /\/c\/config\.toml is not TOML/,
    )
    const loop = {
      '/c/config.toml': '[source.crates-io]\nreplace-with = "a"\n[source.a]\nreplace-with = "crates-io"\n',
    }
    assert.throws(() => cargoRegistryFromConfig({ CARGO_HOME: '/c' }, files(loop)), /source replacements/)
    assert.throws(
      () => cargoRegistryFromConfig(env, files({}), 'https://u:p@r.example/'),
      /CARGO_INDEX_URL: credentials go in a token/,
    )
  })
})
