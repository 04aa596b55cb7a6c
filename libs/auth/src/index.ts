export { AuthError, authInvalid, authMissing, authForbidden, type AuthErrorCode } from './errors';
export {
  type Principal,
  type AuthMethod,
  READER_ROLES,
  DEFAULT_TENANT,
  DEV_PRINCIPAL,
  canRead,
  hasRole,
  normalizeId,
  isVisiblyEmpty,
} from './principal';
export { verifyJwt, JWT_ALGORITHMS, type JwtAlgorithm, type JwksSource, type TrustedIssuer, type VerifyJwtOptions, type VerifiedClaims } from './jwt';
export { ApiKeyVerifier, hashApiKey, validateApiKeys, type ApiKeyEntry } from './apikey';
export {
  createAuthenticator,
  principalFromClaims,
  DEFAULT_CLAIMS,
  type Authenticator,
  type AuthConfig,
  type AuthMode,
  type ClaimNames,
} from './authenticator';
export { AUTH_ENV, AUTH_NONE_WARNING, AuthSettingsError, authConfigFromSettings, parseAuthModes, type AuthSettings } from './settings';
