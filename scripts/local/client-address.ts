/**
 * The client's address, as Netlify supplies it: from the connection, never from what the client wrote.
 *
 * On Netlify the edge sets the address (context.ip, x-nf-client-connection-ip) from the socket, over anything
 * the request carried. Locally @netlify/functions-dev 2.0.8 derives both from the last entry of
 * `X-Forwarded-For`, a header any client may send: a script could then pick a fresh rate-limit bucket per request
 * and write what it liked (markup too) into the audit log's addresses. The runner is the first and only hop, so
 * it replaces that header with the socket's address before the library reads it, and the functions see what
 * they would see on Netlify.
 */
import type { IncomingMessage } from 'node:http';

export function withSocketAddress(req: IncomingMessage): IncomingMessage {
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  delete req.headers['x-nf-client-connection-ip'];
  return req;
}
