// Response schemas of the cryptography area (docs/api-behaviour.md "Cryptography").
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

const Outcome = OutcomeFields

const AlgorithmSchema = Type.Object({
  algorithm: Type.String({ description: 'catalogue id, lower case (aes, sha1, rsa-oaep)' }),
  strength: Type.String({ description: 'Strong or Weak (docs/cryptography.md)' }),
})

const HintSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String({ description: 'protocol, library, sdk or framework' }),
  url: Type.String(),
  purl: Type.String({ description: 'may be empty' }),
})

export const AlgorithmsResultSchema = Type.Object({
  purl: Type.String(),
  version: Type.String({ description: 'resolved version, "" when unresolved' }),
  requirement: Type.String(),
  algorithms: Type.Array(AlgorithmSchema),
  ...Outcome,
})

export const AlgorithmsInRangeResultSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  versions: Type.Array(Type.String(), { description: 'analyzed versions in range with at least one algorithm' }),
  algorithms: Type.Array(AlgorithmSchema),
  ...Outcome,
})

export const VersionsInRangeResultSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  versions_with: Type.Array(Type.String()),
  versions_without: Type.Array(Type.String()),
  versions_not_analyzed: Type.Array(Type.String(), { description: 'versions in range never analyzed' }),
  ...Outcome,
})

export const HintsResultSchema = Type.Object({
  purl: Type.String(),
  version: Type.String(),
  requirement: Type.String(),
  hints: Type.Array(HintSchema),
  ...Outcome,
})

export const HintsInRangeResultSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  versions: Type.Array(Type.String()),
  hints: Type.Array(HintSchema),
  ...Outcome,
})
