import assert from 'node:assert/strict'
import { test } from 'node:test'
import { goEnvFile, goEnvFrom, parseGoEnvFile } from './go-env.ts'

const files = (m: Record<string, string>) => (p: string) => m[p]

test('the go env file: $GOENV, else $XDG_CONFIG_HOME/go/env (absolute only), else ~/.config/go/env; GOENV=off: none', () => {
  assert.equal(goEnvFile({ HOME: '/home/u' }), '/home/u/.config/go/env')
  assert.equal(goEnvFile({ HOME: '/home/u', XDG_CONFIG_HOME: '/cfg' }), '/cfg/go/env')
  assert.equal(goEnvFile({ HOME: '/home/u', XDG_CONFIG_HOME: 'relative' }), '/home/u/.config/go/env')
  assert.equal(goEnvFile({ HOME: '/home/u', GOENV: '/etc/goenv' }), '/etc/goenv')
  assert.equal(goEnvFile({ HOME: '/home/u', GOENV: 'off' }), undefined)
  assert.equal(goEnvFile({}), undefined)
})

test('lines as `go env -w` writes them: KEY=VALUE, values untrimmed, comments and odd lines skipped', () => {
  const m = parseGoEnvFile('# comment\nGOPROXY=https://a.example,direct\nlower=x\nNOEQUALS\nGOPRIVATE= spaced \n')
  assert.deepEqual(
    [...m],
    [
      ['GOPROXY', 'https://a.example,direct'],
      ['GOPRIVATE', ' spaced '],
    ],
  )
})

test('the environment wins over the file, an empty variable does not', () => {
  const go = goEnvFrom(
    { HOME: '/h', GOPROXY: 'https://env.example', GOPRIVATE: '' },
    files({ '/h/.config/go/env': 'GOPROXY=https://file.example\nGOPRIVATE=corp.example\nGONOSUMDB=x.example\n' }),
  )
  assert.equal(go('GOPROXY'), 'https://env.example')
  assert.equal(go('GOPRIVATE'), 'corp.example')
  assert.equal(go('GONOSUMDB'), 'x.example')
  assert.equal(go('GOINSECURE'), '')
})
