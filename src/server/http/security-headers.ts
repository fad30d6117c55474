import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * No inline script anywhere (the built app loads only its own files). Inline styles stay allowed:
 * the UI kit positions popovers with style attributes. Photos may come from any https host, and
 * frames only from the two video players a story embeds. A student file is previewed from its
 * download, held by the page as a blob: URL (an image, or a PDF in a frame).
 */
const appHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The app's service worker (/sw.js) and its manifest (/manifest.webmanifest): its own origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // Story videos: YouTube's privacy-enhanced player and Vimeo's, nothing else.
      frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    crossOriginEmbedderPolicy: false,
  });

/**
 * The headers above on every answer, except that an answer which set its own, stricter
 * Content-Security-Policy keeps it (a student file's download: nothing may run in it).
 */
export function securityHeaders(): MiddlewareHandler {
  const standard = appHeaders();
  return async (c, next) => {
    let own: string | null = null;
    await standard(c, async () => {
      await next();
      own = c.res.headers.get('content-security-policy');
    });
    if (own) c.res.headers.set('content-security-policy', own);
  };
}

/**
 * API answers hold people's records and session details: no browser or proxy may keep them, errors
 * included. Answers that set their own rule (the API docs' static assets) keep it.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
