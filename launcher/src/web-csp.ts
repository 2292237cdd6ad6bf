import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { CspDirectives } from '@bt/platform';

type Node = DefaultTreeAdapterMap['node'];

/**
 * The CSP sources (`'sha256-…'`) of a page's inline scripts, each hashed over its text as the
 * browser does (parse5 parses it the way the browser does, line endings included).
 */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === 'script' && 'attrs' in node && !node.attrs.some((a) => a.name === 'src')) {
      const text = node.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : '')).join('');
      hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return hashes;
};

/**
 * What the built web app needs, and nothing more: its own scripts plus the inline ones of
 * index.html by hash (no 'unsafe-inline' scripts, no eval); styles inline too, since
 * styled-components and ApexCharts inject <style> elements and style attributes at run time;
 * images from its own origin, data: (the favicon, chart markers) and blob: (CSV and chart
 * downloads); fetches to its own API only.
 */
export const webAppDirectives = (scriptHashes: readonly string[]): CspDirectives => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...scriptHashes],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});
