/**
 * The server's environment, read and validated once (STYLE.md practice 5). A bad value fails loudly with the
 * variable's name; optional features (login, build hook, CDN purge, Redis) are simply off when unset.
 */
import { z } from 'zod';
import { LOGIN_RATE_LIMIT, REBUILD_WINDOW_MS, SUBMISSION_RATE_LIMIT } from '../lib/constants.ts';
import { PASSWORD_HASH_PATTERN } from './auth/password.ts';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const origin = z.url().transform((value) => new URL(value).origin);

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
    BUILD_HOOK_URL: optional(z.url()),
    UPSTASH_REDIS_REST_URL: optional(z.url()),
    UPSTASH_REDIS_REST_TOKEN: optional(z.string()),
    REBUILD_WINDOW_MS: optional(z.coerce.number().int().min(100).max(3_600_000)).transform(
      (value) => value ?? REBUILD_WINDOW_MS,
    ),
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
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
        message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
      });
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
    trustedOrigins: [
      ...new Set([...env.ALLOWED_ORIGINS, env.URL, env.DEPLOY_PRIME_URL].filter((o) => o !== undefined)),
    ],
  };
}
