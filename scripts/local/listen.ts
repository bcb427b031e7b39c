/**
 * Where the local runner listens: on loopback only unless HOST says otherwise (the admin, the build hook and the
 * local mail would otherwise be open to the whole network), on both 127.0.0.1 and ::1 so `localhost` works
 * whichever one a client resolves it to. The port is checked before anything is built, so a busy port is one
 * line at once rather than a stack trace after the build.
 */
import http from 'node:http';
import net from 'node:net';

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;

export class PortBusyError extends Error {
  override readonly name = 'PortBusyError';
  readonly port: number;
  constructor(port: number) {
    super(`port ${port} is busy — set PORT (e.g. PORT=${port === 65535 ? port - 1 : port + 1} npm start)`);
    this.port = port;
  }
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * Loopback, plus HOST when set (`0.0.0.0` or `::` for every interface, which covers loopback itself): the build
 * hook and the console's http://localhost address stay on loopback whatever HOST names.
 */
export function listenHosts(env: NodeJS.ProcessEnv): string[] {
  const host = env.HOST?.trim();
  if (!host) return [...LOOPBACK_HOSTS];
  if (WILDCARDS.has(host)) return [host];
  return [...new Set([host, ...LOOPBACK_HOSTS])];
}

/** A machine without IPv6 cannot bind ::1; loopback on 127.0.0.1 alone still serves `localhost`. */
const optional = (host: string, error: NodeJS.ErrnoException) =>
  host === '::1' && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT');

function bind(server: net.Server, port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new PortBusyError(port));
      else if (optional(host, error)) resolve(false);
      else reject(error);
    };
    server.once('error', failed);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', failed);
      resolve(true);
    });
  });
}

/** Throws PortBusyError when something already listens on `port` at any of `hosts`. */
export async function assertPortFree(port: number, hosts: readonly string[]): Promise<void> {
  for (const host of hosts) {
    const probe = net.createServer();
    if (await bind(probe, port, host)) await new Promise<void>((done) => probe.close(() => done()));
  }
}

/** One HTTP server per host, all with `handler`; PortBusyError when the port was taken meanwhile. */
export async function listenAll(
  handler: http.RequestListener,
  port: number,
  hosts: readonly string[],
  configure: (server: http.Server) => void = () => undefined,
): Promise<http.Server[]> {
  const servers: http.Server[] = [];
  try {
    for (const host of hosts) {
      const server = http.createServer(handler);
      configure(server);
      if (await bind(server, port, host)) servers.push(server);
    }
  } catch (error) {
    for (const server of servers) server.close();
    throw error;
  }
  return servers;
}
