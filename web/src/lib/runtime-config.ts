// Configuration the server puts into index.html when it serves it (api/seo/page-meta.ts): read
// from <meta> tags, so changing it takes a server restart, never a rebuild of the web app.

const metaContent = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;

export const runtimeConfig = {
  /** GOOGLE_MAPS_API_KEY on the server. */
  googleMapsApiKey: metaContent('hub:google-maps-api-key'),
  /** GOOGLE_MAPS_MAP_ID on the server. */
  googleMapsMapId: metaContent('hub:google-maps-map-id'),
};
