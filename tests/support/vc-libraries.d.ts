/**
 * The two independent verifier libraries the Open Badges test uses ship no types; these are the parts it calls.
 */
declare module 'jsonld' {
  type DocumentLoader = (
    url: string,
  ) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  const jsonld: {
    expand(input: unknown, options: { safe?: boolean; documentLoader: DocumentLoader }): Promise<unknown[]>;
  };
  export default jsonld;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  type DocumentLoader = (
    url: string,
  ) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;
  export function checkStatus(options: {
    credential: unknown;
    documentLoader: DocumentLoader;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; error?: Error; results?: { verified: boolean; status: boolean }[] }>;
  export function decodeList(options: {
    encodedList: string;
  }): Promise<{ length: number; getStatus(index: number): boolean }>;
}
