import assert from 'node:assert/strict'
import { test } from 'node:test'
import { loadCatalogue } from '../../ingest/crypto/catalogue.ts'
import { normaliseAlgorithm } from './normalise-algorithm.ts'

const known = new Set(loadCatalogue().map((a) => a.id))
const cases: [string, string[]][] = [
  ['aes-256-gcm', ['aes', 'gcm']],
  ['AES/GCM/NoPadding', ['aes', 'gcm']],
  ["'sha256'", ['sha2']],
  ['SHA-256', ['sha2']],
  ['sha512-256', ['sha2']],
  ['SHA', ['sha1']],
  ['sha1WithRSAEncryption', ['sha1', 'rsa']],
  ['RSA-OAEP', ['rsa-oaep']],
  ['RSA-PSS', ['rsassapss']],
  ['RSASSA-PKCS1-v1_5', ['rsa']],
  ['RSA/ECB/PKCS1Padding', ['rsa']],
  ['RSA/ECB/OAEPWithSHA-256AndMGF1Padding', ['rsa-oaep', 'sha2', 'mgf1']],
  ['DES/ECB/PKCS5Padding', ['des', 'ecb']],
  ['des-ede3-cbc', ['3des', 'cbc']],
  ['DESede', ['desede']],
  ['bf-cbc', ['blowfish', 'cbc']],
  ['chacha20-poly1305', ['chacha20']],
  ['HmacSHA256', ['hmac', 'sha2']],
  ['PBKDF2WithHmacSHA256', ['pbkdf2', 'hmac', 'sha2']],
  ['SHA384withECDSA', ['sha2', 'ecdsa']],
  ['EVP_aes_128_cbc', ['aes', 'cbc']],
  ['EVP_md5_sha1', ['md5', 'sha1']],
  ['sha3_256', ['sha3']],
  ['ec', ['ecc']],
  ['DiffieHellman', ['dhe']],
  ['Ed25519', ['ed25519']],
  ['CMAC', ['CMAC']],
  ['AESGCM', ['aes', 'gcm']],
  ['utf8', []],
  ['hex', []],
  ['base64', []],
  ['', []],
]

test('algorithm names map to catalogue ids', () => {
  for (const [name, ids] of cases) assert.deepEqual(normaliseAlgorithm(name, known), ids, name)
})

test('only catalogue ids come out', () => {
  for (const [name] of cases) for (const id of normaliseAlgorithm(name, known)) assert.ok(known.has(id), id)
  assert.deepEqual(normaliseAlgorithm('aes-256-gcm', new Set(['aes'])), ['aes'])
})
