// API-key authentication and area scopes (docs/api-behaviour.md "Authentication"): 401 without a valid key, 403 without
// the scope.
import type { FastifyRequest } from 'fastify'
import { allows } from '../../domain/keys/scopes.ts'
import type { Principal } from '../../domain/keys/types.ts'
import { HttpError } from '../errors.ts'
import type { App, AppDeps } from '../types.ts'
import type { Step } from './rate-limit.ts'

const ANONYMOUS: Principal = { keyId: 'anonymous', name: 'anonymous (AUTH=none)', scopes: ['*'], tier: 'standard' }

/** The presented key: `X-Api-Key` (header names are case-insensitive), else `X-Session` as scanoss-py also sends. */
function presentedKey(req: FastifyRequest): string | undefined {
  const raw = req.headers['x-api-key'] ?? req.headers['x-session']
  const value = Array.isArray(raw) ? raw[0] : raw
  const key = value?.trim()
  return key ? key : undefined
}

/** The key check of the request gate (auth-hooks.ts): done at once when this process knows the key's answer. */
export function authenticate(app: App, { config, services }: AppDeps): (req: FastifyRequest) => Step {
  const admit = (req: FastifyRequest, principal: Principal | undefined): undefined => {
    if (!principal) throw new HttpError('UNAUTHORIZED', 'Invalid API key')
    req.principal = principal
    const route = req.routeOptions.config
    if (!route.area) {
      app.log.error({ url: req.routeOptions.url }, 'route has neither an area nor public: refusing')
      throw new HttpError('FORBIDDEN')
    }
    if (!allows(principal.scopes, route.area)) {
      throw new HttpError('FORBIDDEN', `This API key is not allowed to use the ${route.area} area`)
    }
    return undefined
  }
  return (req) => {
    if (req.routeOptions.config.public || req.is404) return undefined
    if (config.authMode === 'none') {
      req.principal = ANONYMOUS
      return undefined
    }
    const key = presentedKey(req)
    if (!key) throw new HttpError('UNAUTHORIZED', 'Missing API key: send it in the X-Api-Key header')
    const known = services.keys.knownAnswer(key)
    if (known) return admit(req, known.principal)
    return services.keys.authenticate(key).then((principal) => {
      admit(req, principal)
    })
  }
}
