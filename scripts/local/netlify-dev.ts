import { NetlifyDev } from '@netlify/dev';

/**
 * The local runner's @netlify/dev: functions, headers and redirects as Netlify serves them, with the features this
 * project does not use (or serves itself, like the Blobs sandbox) switched off. Tests that exercise the runner's
 * platform behaviour start it the same way.
 */
export function localNetlifyDev(projectRoot: string, serverAddress: string | null): NetlifyDev {
  return new NetlifyDev({
    projectRoot,
    skipGitignore: true,
    blobs: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    database: { enabled: false },
    aiGateway: { enabled: false },
    images: { enabled: false },
    serverAddress,
  });
}
