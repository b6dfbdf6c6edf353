import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** @fastify/swagger-ui writes the title into the page as it is given. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A plain document mark, so that the tab shows neither the framework's nor Swagger's logo. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="5" y="2" width="22" height="28" rx="3" fill="#3b4151"/><path d="M10 10h12M10 16h12M10 22h8" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;

/**
 * The reference page under the service's name (APP_NAME), without the framework's logo. The page
 * uses the layout without Swagger UI's top bar (see registerOpenApi), where a logo would sit; the
 * plugin would still ship the framework's logo for it unless given another one.
 */
export function docsPageTheme(appName: string): Pick<FastifySwaggerUiOptions, 'theme' | 'logo'> {
  return {
    logo: { type: 'image/svg+xml', content: FAVICON },
    theme: {
      title: escapeHtml(appName),
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: FAVICON,
        },
      ],
    },
  };
}

/** The page may be framed by no one: the policy's frame-ancestors, whatever the plugin's default says. */
export function forbidFraming(policy: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, "frame-ancestors 'none'"].join('; ');
}

/**
 * The page's own protection, through the plugin's options: its static Content-Security-Policy
 * (scripts and styles from the page's origin only, no eval), framed by no one, and X-Frame-Options
 * DENY for browsers that do not read frame-ancestors.
 */
export function docsPageSecurity(): Pick<
  FastifySwaggerUiOptions,
  'staticCSP' | 'transformStaticCSP' | 'uiHooks'
> {
  return {
    staticCSP: true,
    transformStaticCSP: forbidFraming,
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.header('x-frame-options', 'DENY');
        done();
      },
    },
  };
}
