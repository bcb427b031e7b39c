/**
 * What `npm start` prints once the site is served: where the site, the admin (with the password line), the store
 * and the e-mails the site sends are, and who can reach it. The mail line names the local inbox, the one place a
 * visitor's acknowledgement or a staff notification can be read without accounts; with SMTP_URL set the mails leave
 * through that server instead and the line says so.
 */
export interface BannerFacts {
  port: number;
  /** The admin's password line (dev-password.ts). */
  password: string;
  store: string;
  /** Who can connect (loopback only, or the HOST addresses). */
  reach: string;
  /** The local inbox's path (`/__local/mail`), or null when SMTP_URL sends the mails elsewhere. */
  inboxPath: string | null;
}

export function startBanner({ port, password, store, reach, inboxPath }: BannerFacts): string {
  const site = `http://localhost:${port}`;
  const mail = inboxPath
    ? `${site}${inboxPath} (every e-mail the site sends, as JSON)`
    : 'sent through SMTP_URL';
  return `
  Site:   ${site}
  Admin:  ${site}/deltaadmin   ${password}
  Mail:   ${mail}
  Store:  ${store}
  Listen: ${reach}
`;
}
