import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload, type KeyLike } from 'jose';

export interface TestIssuer {
  iss: string;
  /** A JWKS served on 127.0.0.1:<free port> (what MEDAGENT_AUTH_JWKS_URL points at). */
  jwksUrl: string;
  /** The same keys in a file (MEDAGENT_AUTH_JWKS_FILE). */
  jwksFile: string;
  /** Requests the JWKS server answered (a cache that works keeps this low). */
  jwksHits(): number;
  /** A signed token; defaults: RS256, `exp` in 5 minutes, `iat` now, this issuer. */
  sign(claims: JWTPayload, opts?: { alg?: 'RS256' | 'ES256'; expiresInS?: number; notBeforeS?: number; iss?: string; kid?: string }): Promise<string>;
  /** An HS256 token whose HMAC secret is the RSA public key's JWK text (the classic confusion). */
  signHs256(claims: JWTPayload): Promise<string>;
  /** `alg: none`. */
  unsigned(claims: JWTPayload): string;
  close(): Promise<void>;
}

/**
 * A throw-away identity provider for tests: key pairs generated at run time (nothing
 * committed), published as a JWKS over loopback HTTP and in a temp file.
 */
export async function startTestIssuer(iss = 'https://idp.test.local/'): Promise<TestIssuer> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const pub = async (k: KeyLike, kid: string, alg: string): Promise<JWK> => ({ ...(await exportJWK(k)), kid, alg, use: 'sig' });
  const rsaJwk = await pub(rsa.publicKey, 'rsa-1', 'RS256');
  const jwks = { keys: [rsaJwk, await pub(ec.publicKey, 'ec-1', 'ES256')] };
  const dir = mkdtempSync(join(tmpdir(), 'medagent-jwks-'));
  const jwksFile = join(dir, 'jwks.json');
  writeFileSync(jwksFile, JSON.stringify(jwks));
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const body = JSON.stringify(jwks);
    res.writeHead(req.url === '/jwks.json' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(req.url === '/jwks.json' ? body : '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const now = () => Math.floor(Date.now() / 1000);
  return {
    iss,
    jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
    jwksFile,
    jwksHits: () => hits,
    async sign(claims, opts = {}) {
      const alg = opts.alg ?? 'RS256';
      const key = alg === 'RS256' ? rsa.privateKey : ec.privateKey;
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg, kid: opts.kid ?? (alg === 'RS256' ? 'rsa-1' : 'ec-1') })
        .setIssuedAt()
        .setIssuer(opts.iss ?? iss)
        .setExpirationTime(now() + (opts.expiresInS ?? 300));
      if (opts.notBeforeS !== undefined) jwt.setNotBefore(now() + opts.notBeforeS);
      return jwt.sign(key);
    },
    async signHs256(claims) {
      const secret = new TextEncoder().encode(JSON.stringify(rsaJwk));
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'rsa-1' }).setIssuedAt().setIssuer(iss).setExpirationTime(now() + 300).sign(secret);
    },
    unsigned(claims) {
      return new UnsecuredJWT({ ...claims, iss, exp: now() + 300 }).encode();
    },
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
