/**
 * The server's environment, read and validated once (docs/design.md (Style) practice 5). A bad value fails loudly with the
 * variable's name; optional features (login, CDN purge, Redis) are simply off when unset.
 */
import { z } from 'zod';
import {
  LOGIN_RATE_LIMIT,
  REQUEST_RETENTION_DAYS,
  REQUEST_RETENTION_MAX_DAYS,
  SUBMISSION_MIN_FILL_MS,
  SUBMISSION_RATE_LIMIT,
  SUBMISSION_SENDER_RATE_LIMIT,
  CERTIFICATE_LOOKUP_RATE_LIMIT,
} from '../lib/constants.ts';
import { PASSWORD_HASH_PATTERN } from './auth/password.ts';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const origin = z.url().transform((value) => new URL(value).origin);

/** An Ed25519 key as a JWK (RFC 8037): `d` only in the private one. */
const Ed25519Jwk = z.looseObject({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  d: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  kid: z.string().optional(),
});
export type Ed25519Jwk = z.infer<typeof Ed25519Jwk>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
/** An RSA private key as a JWK (RFC 7518 §6.3), 2048 bits or more (a modulus of 342 base64url characters). */
const RsaPrivateJwk = z.looseObject({
  kty: z.literal('RSA'),
  n: z.string().regex(/^[A-Za-z0-9_-]{342,}$/),
  e: base64url,
  d: base64url,
  p: base64url,
  q: base64url,
  dp: base64url,
  dq: base64url,
  qi: base64url,
  kid: z.string().optional(),
});
export type RsaPrivateJwk = z.infer<typeof RsaPrivateJwk>;

/** A JSON value in an environment variable, then checked by `schema`; the message says which. */
const jsonOf = <T extends z.ZodType>(schema: T, what: string) =>
  z.string().transform((value, ctx): z.infer<T> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be ${what} (JSON)` });
      return z.NEVER;
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}` });
      return z.NEVER;
    }
    return result.data;
  });

const EnvSchema = z
  .object({
    /** scrypt hash made by `npm run hash-password`; without it login answers 503 (no default credentials). */
    ADMIN_PASSWORD_HASH: optional(
      z
        .string()
        .regex(PASSWORD_HASH_PATTERN, 'must look like scrypt$N$r$p$salt$hash (npm run hash-password)'),
    ),
    /** HMAC key of the session cookie. */
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /**
     * The compiled page components previews render (src/server/preview/real-components.ts), when not at the build's
     * own place, dist-server/preview-render.mjs under the working directory (tests point it elsewhere).
     */
    PREVIEW_RENDER_MODULE: optional(z.string()),
    UPSTASH_REDIS_REST_URL: optional(z.url()),
    UPSTASH_REDIS_REST_TOKEN: optional(z.string()),
    /**
     * Attempts per window for login and for public submissions (defaults: LOGIN_RATE_LIMIT and
     * SUBMISSION_RATE_LIMIT). Raised only by the end-to-end runs, which sign in and submit from one address.
     */
    LOGIN_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).max(100_000)).transform(
      (value) => value ?? LOGIN_RATE_LIMIT.limit,
    ),
    SUBMISSION_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1).max(100_000)).transform(
      (value) => value ?? SUBMISSION_RATE_LIMIT.limit,
    ),
    /** Submissions per e-mail address and per phone number (default SUBMISSION_SENDER_RATE_LIMIT). */
    SUBMISSION_SENDER_LIMIT_MAX: optional(z.coerce.number().int().min(1).max(100_000)).transform(
      (value) => value ?? SUBMISSION_SENDER_RATE_LIMIT.limit,
    ),
    /** Fastest believable fill time of a public form; 0 turns the check off (end-to-end runs type in ms). */
    SUBMISSION_MIN_FILL_MS: optional(z.coerce.number().int().min(0).max(600_000)).transform(
      (value) => value ?? SUBMISSION_MIN_FILL_MS,
    ),
    /** Extra origins allowed to write (comma-separated), besides the request's own and the site's URLs. */
    ALLOWED_ORIGINS: optional(z.string()).transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const parsed = origin.safeParse(entry);
        if (parsed.success) origins.push(parsed.data);
        else
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin like https://example.com` });
      }
      return origins;
    }),
    /** Set by Netlify: the site's main URL and the deploy's own URL. */
    URL: optional(origin),
    DEPLOY_PRIME_URL: optional(origin),
    /** Set by Netlify (production, deploy-preview, branch-deploy, dev); absent on a plain local run. */
    CONTEXT: optional(z.string()),
    NODE_ENV: optional(z.string()),
    /** Set by Netlify when the site may purge its CDN cache; without it purging is skipped. */
    NETLIFY_PURGE_API_TOKEN: optional(z.string()),
    /** Set by Netlify: the site's ID, which a purge names. */
    SITE_ID: optional(z.string()),
    /** Where purges go instead of Netlify's API (the local runner answers them itself); Netlify's API when unset. */
    NETLIFY_PURGE_API_URL: optional(z.url().refine((value) => /^https?:$/.test(new URL(value).protocol))),
    /**
     * What the warmer asks for after a purge (cdn/warm.ts): `pages` (the default: the pages that show a purged tag,
     * then the API's public lists) or `lists` (the lists only: no page is rendered per write, as the e2e runners
     * ask, where renders of every page a write touches compete with the suite for the CPU).
     */
    CDN_WARM: optional(z.enum(['pages', 'lists'])).transform((value) => value ?? 'pages'),
    /** Public origin of the site (links in notifications); Netlify's URL otherwise. */
    SITE_URL: optional(origin),
    /** SMTP server for notification e-mails, e.g. smtps://user:pass@smtp.example.com:465. */
    SMTP_URL: optional(
      z
        .url()
        .refine((value) => /^smtps?:$/.test(new URL(value).protocol), 'must start with smtp:// or smtps://'),
    ),
    /** Who is told about each new request (comma-separated addresses); e-mail is off without it. */
    NOTIFY_EMAIL_TO: optional(z.string()).transform((value, ctx) => {
      const addresses = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const address of addresses) {
        if (!z.email().safeParse(address).success)
          ctx.addIssue({ code: 'custom', message: `"${address}" is not an e-mail address` });
      }
      return addresses;
    }),
    /** The sender of notification e-mails ("Name <address>" or an address); the first recipient otherwise. */
    NOTIFY_EMAIL_FROM: optional(z.string().max(320)),
    /** Receives a signed JSON POST for each new request (Slack, Discord and Teams incoming webhooks work too). */
    NOTIFY_WEBHOOK_URL: optional(z.url().refine((value) => /^https?:$/.test(new URL(value).protocol))),
    /** HMAC-SHA256 key of the webhook's X-Signature header. */
    NOTIFY_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
    /**
     * The certificates' signing key, a private Ed25519 JWK (`{"kty":"OKP","crv":"Ed25519","x":…,"d":…}`);
     * without it certificates are still issued and verified online, but carry no signed credential.
     */
    CERT_SIGNING_KEY: optional(
      jsonOf(
        Ed25519Jwk.refine((jwk) => jwk.d !== undefined),
        'a private Ed25519 JWK with kty OKP, crv Ed25519, x and d',
      ),
    ),
    /**
     * An RSA private JWK (2048 bits or more): when set, credentials are signed with RS256, the algorithm every
     * Open Badges 3.0 verifier supports, and CERT_SIGNING_KEY's public half stays published for earlier ones.
     */
    CERT_RSA_SIGNING_KEY: optional(
      jsonOf(
        RsaPrivateJwk,
        'a private RSA JWK of 2048 bits or more with kty RSA, n, e, d, p, q, dp, dq and qi',
      ),
    ),
    /** Public keys of earlier signing keys (a JWKS `{"keys":[…]}`), still published so old credentials verify. */
    CERT_PUBLIC_KEYS_OLD: optional(
      jsonOf(z.object({ keys: z.array(Ed25519Jwk) }), 'a JWKS {"keys":[…]} of public Ed25519 JWKs'),
    ).transform((value) => (value?.keys ?? []).map(({ d: _private, ...key }) => key)),
    /** Certificate lookups per address per window (default CERTIFICATE_LOOKUP_RATE_LIMIT). */
    CERT_LOOKUP_LIMIT_MAX: optional(z.coerce.number().int().min(1).max(100_000)).transform(
      (value) => value ?? CERTIFICATE_LOOKUP_RATE_LIMIT.limit,
    ),
    /** Contact and enrolment requests older than this are deleted by the scheduled function. */
    REQUEST_RETENTION_DAYS: optional(
      z.coerce.number().int().min(1).max(REQUEST_RETENTION_MAX_DAYS),
    ).transform((value) => value ?? REQUEST_RETENTION_DAYS),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
        message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
      });
    }
    if (env.NOTIFY_EMAIL_TO.length > 0 && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is needed to send to NOTIFY_EMAIL_TO' });
    }
  });

export type ServerEnv = z.infer<typeof EnvSchema> & {
  /**
   * Running on Netlify (CONTEXT set by the platform, other than `netlify dev`): cookies are always Secure.
   * NODE_ENV alone does not count, because builds and local runs set it to production on plain http.
   */
  deployed: boolean;
  /** Login works only with both a password hash and a session secret. */
  authConfigured: boolean;
  /** Origins allowed to write besides the request's own. */
  trustedOrigins: string[];
  /** The site's public origin for links (SITE_URL, else Netlify's URL), or null when neither is set. */
  siteOrigin: string | null;
};

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/** Validates `source` (process.env by default); throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid server environment: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    deployed: env.CONTEXT !== undefined && env.CONTEXT !== 'dev',
    authConfigured: Boolean(env.ADMIN_PASSWORD_HASH && env.SESSION_SECRET),
    siteOrigin: env.SITE_URL ?? env.URL ?? null,
    trustedOrigins: [
      ...new Set([...env.ALLOWED_ORIGINS, env.URL, env.DEPLOY_PRIME_URL].filter((o) => o !== undefined)),
    ],
  };
}
