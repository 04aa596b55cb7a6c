// @medagent/auth/testing: a throwaway JWT issuer (keys made at run time, JWKS over loopback and as a file) for specs.
export { startTestIssuer, type TestIssuer } from './issuer';
