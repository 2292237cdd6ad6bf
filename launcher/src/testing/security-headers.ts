import { expect } from 'chai';

/** The sources of one CSP directive, e.g. sources(csp, 'script-src') -> ["'self'", "'sha256-…'"]. */
export const sources = (csp: string | null, directive: string): string[] =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

/** The headers every answer of the product carries, whatever it is: no framing, no sniffing, no referrer. */
export const expectSecurityHeaders = (headers: Headers, where: string): void => {
  const csp = headers.get('content-security-policy');
  expect(sources(csp, 'frame-ancestors'), `${where}: frame-ancestors`).to.deep.equal(["'none'"]);
  expect(headers.get('x-frame-options'), `${where}: X-Frame-Options`).to.equal('DENY');
  expect(headers.get('x-content-type-options'), `${where}: nosniff`).to.equal('nosniff');
  expect(headers.get('referrer-policy'), `${where}: Referrer-Policy`).to.equal('no-referrer');
};

/** The headers of a hashed asset (a script, never a page): nosniff, same-origin only, no referrer, and none of a page's. */
export const expectAssetHeaders = (headers: Headers, where: string): void => {
  expect(headers.get('x-content-type-options'), `${where}: nosniff`).to.equal('nosniff');
  expect(headers.get('cross-origin-resource-policy'), `${where}: CORP`).to.equal('same-origin');
  expect(headers.get('referrer-policy'), `${where}: Referrer-Policy`).to.equal('no-referrer');
  expect(headers.get('strict-transport-security'), `${where}: HSTS`).to.include('max-age=');
  for (const pageOnly of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection'])
    expect(headers.get(pageOnly), `${where}: ${pageOnly}`).to.equal(null);
};
