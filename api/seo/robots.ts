// robots.txt: the public pages (home, Hubs, sign-in, the static pages) may be crawled; the API,
// the dashboard and every page that is someone's own (profile, checkout, access codes, links
// mailed with a token) may not. The sitemap is named by its absolute address.

const PRIVATE_PATHS = [
  '/api/',
  '/socket.io/',
  '/dashboard',
  '/profile',
  '/checkout/',
  '/access/',
  '/auth/',
  '/convite',
  '/reset-password',
  '/email-confirmation',
  '/update-phone',
];

export function robotsTxt(appUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}
