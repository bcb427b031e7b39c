/** Where the runner listens, on real sockets. */
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../dev/ports.ts';
import { assertPortFree, listenAll, listenHosts, PortBusyError } from './listen.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** Where a connection to host:port ends: 'open', or the error code. */
const connect = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

/** This machine's first address outside loopback, if it has one. */
const lanAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the runner listens', () => {
  it('on loopback only unless HOST says otherwise, and keeps loopback beside a named HOST', () => {
    expect(listenHosts({})).toEqual(['127.0.0.1', '::1']);
    expect(listenHosts({ HOST: '0.0.0.0' })).toEqual(['0.0.0.0']);
    expect(listenHosts({ HOST: '192.168.1.20' })).toEqual(['192.168.1.20', '127.0.0.1', '::1']);
    expect(listenHosts({ HOST: '127.0.0.1' })).toEqual(['127.0.0.1', '::1']);
  });

  it('answers on 127.0.0.1 and ::1 and not on the network', async () => {
    const port = await freePort();
    const servers = await listenAll((_req, res) => res.end('ok'), port, listenHosts({}));
    closers.push(() => servers.forEach((server) => server.close()));
    expect(await connect('127.0.0.1', port)).toBe('open');
    if (servers.length === 2) expect(await connect('::1', port)).toBe('open');
    const lan = lanAddress();
    if (lan) expect(await connect(lan, port)).toBe('ECONNREFUSED');
  });

  it('says in one line that a busy port is busy, before anything else happens', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    closers.push(() => holder.close());
    const error = await assertPortFree(port, listenHosts({})).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PortBusyError);
    expect((error as Error).message).toBe(
      `port ${port} is busy — set PORT (e.g. PORT=${port + 1} npm start)`,
    );
    await expect(listenAll(() => undefined, port, listenHosts({}))).rejects.toBeInstanceOf(PortBusyError);
  });
});
