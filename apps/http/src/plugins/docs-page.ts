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
