// What the web app needs to know at load that only the server knows: the Google Maps browser key
// and map id. Read from the environment when the app is built, served inside every index.html
// (index-page.ts), so changing the key takes a restart, never a rebuild of the web app.

export interface WebConfig {
  /** GOOGLE_MAPS_API_KEY: a browser key (public by nature, restricted by referrer at Google). */
  googleMapsApiKey: string | null;
  /** GOOGLE_MAPS_MAP_ID: the vector map id for Advanced Markers. */
  googleMapsMapId: string | null;
}

export function webConfigFromEnv(env: NodeJS.ProcessEnv): WebConfig {
  return {
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY?.trim() || null,
    googleMapsMapId: env.GOOGLE_MAPS_MAP_ID?.trim() || null,
  };
}
