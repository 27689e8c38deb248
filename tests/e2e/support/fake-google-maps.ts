/// <reference lib="dom" />
// A stand-in for the Google Maps JavaScript API in the browser tests (there is no key, and no
// network to Google): just what @vis.gl/react-google-maps and the home map use. The map keeps a
// camera (centre, zoom) and answers its bounds for its box in Web Mercator with 256 px tiles;
// moving the camera fires bounds_changed and, once it rests, idle. Markers are buttons in a strip
// over the map (their place is not drawn), named by their title; a click is a gmp-click.
// Tests drive the camera through window.__fakeMap. Installed with addInitScript: vis.gl then
// finds google.maps.importLibrary and loads no script.

export function installFakeGoogleMaps(): void {
  type Handler = (...args: unknown[]) => void;
  type Listening = { __listeners?: Record<string, Handler[]> };
  const event = {
    addListener(target: Listening, name: string, fn: Handler) {
      const all = (target.__listeners ??= {});
      (all[name] ??= []).push(fn);
      return { remove: () => (all[name] = (all[name] ?? []).filter((f) => f !== fn)) };
    },
    clearInstanceListeners(target: Listening) {
      target.__listeners = {};
    },
    trigger(target: Listening, name: string, ...args: unknown[]) {
      for (const fn of target.__listeners?.[name] ?? []) fn(...args);
    },
  };
  type LatLngLiteral = { lat: number; lng: number };
  const literal = (p: LatLngLiteral | { lat(): number; lng(): number }): LatLngLiteral =>
    typeof p.lat === 'function' ? { lat: (p as { lat(): number }).lat(), lng: (p as { lng(): number }).lng() } : (p as LatLngLiteral);
  class LatLng {
    constructor(
      private readonly a: number,
      private readonly o: number,
    ) {}
    lat() {
      return this.a;
    }
    lng() {
      return this.o;
    }
    toJSON() {
      return { lat: this.a, lng: this.o };
    }
  }
  const y = (lat: number) => 0.5 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI);
  const latOf = (yy: number) => (Math.atan(Math.exp((0.5 - yy) * 2 * Math.PI)) * 360) / Math.PI - 90;

  class FakeMap {
    center: LatLngLiteral;
    zoom: number;
    markers: HTMLElement;
    #idle: number | undefined;
    constructor(
      readonly div: HTMLElement,
      options: { center?: LatLngLiteral; zoom?: number },
    ) {
      this.center = options.center ? literal(options.center) : { lat: 0, lng: 0 };
      this.zoom = options.zoom ?? 3;
      this.markers = document.createElement('div');
      this.markers.setAttribute('data-testid', 'fake-map-markers');
      this.markers.style.cssText = 'position:absolute;inset:auto 0 0 0;display:flex;flex-wrap:wrap;gap:4px;max-height:60%;overflow:auto';
      div.style.position = 'relative';
      div.appendChild(this.markers);
      (window as unknown as { __fakeMap: FakeMap }).__fakeMap = this;
      this.#moved();
    }
    addListener(name: string, fn: Handler) {
      return event.addListener(this as Listening, name, fn);
    }
    getDiv() {
      return this.div;
    }
    getCenter() {
      return new LatLng(this.center.lat, this.center.lng);
    }
    getZoom() {
      return this.zoom;
    }
    getHeading() {
      return 0;
    }
    getTilt() {
      return 0;
    }
    getBounds() {
      const world = 256 * 2 ** this.zoom;
      const w = this.div.clientWidth || 1024;
      const h = this.div.clientHeight || 560;
      const halfLng = ((w / 2) * 360) / world;
      const cy = y(this.center.lat);
      const south = latOf(cy + h / 2 / world);
      const north = latOf(cy - h / 2 / world);
      const west = Math.max(-180, this.center.lng - halfLng);
      const east = Math.min(180, this.center.lng + halfLng);
      return {
        getSouthWest: () => new LatLng(south, west),
        getNorthEast: () => new LatLng(north, east),
        toJSON: () => ({ south, west, north, east }),
      };
    }
    setOptions(options: { center?: LatLngLiteral; zoom?: number }) {
      this.moveCamera(options);
    }
    moveCamera(camera: { center?: LatLngLiteral; zoom?: number }) {
      if (camera.center) this.center = literal(camera.center);
      if (camera.zoom !== undefined) this.zoom = camera.zoom;
      this.#moved();
    }
    panTo(center: LatLngLiteral) {
      this.moveCamera({ center });
    }
    setZoom(zoom: number) {
      this.moveCamera({ zoom });
    }
    setCenter(center: LatLngLiteral) {
      this.moveCamera({ center });
    }
    fitBounds(b: { west: number; south: number; east: number; north: number }) {
      const w = this.div.clientWidth || 1024;
      const h = this.div.clientHeight || 560;
      const spanX = Math.max((b.east - b.west) / 360, 1e-9);
      const spanY = Math.max(Math.abs(y(b.south) - y(b.north)), 1e-9);
      const zoom = Math.floor(Math.min(Math.log2(w / 256 / spanX), Math.log2(h / 256 / spanY), 21));
      this.moveCamera({ center: { lat: (b.south + b.north) / 2, lng: (b.west + b.east) / 2 }, zoom: Math.max(0, zoom) });
    }
    #moved() {
      event.trigger(this as Listening, 'bounds_changed');
      event.trigger(this as Listening, 'center_changed');
      event.trigger(this as Listening, 'zoom_changed');
      window.clearTimeout(this.#idle);
      this.#idle = window.setTimeout(() => event.trigger(this as Listening, 'idle'), 30);
    }
  }

  class AdvancedMarkerElement extends EventTarget {
    readonly element = document.createElement('div');
    #map: FakeMap | null = null;
    #content: HTMLElement | null = null;
    position: unknown = null;
    zIndex: unknown = null;
    constructor() {
      super();
      this.element.setAttribute('role', 'button');
      this.element.tabIndex = 0;
      this.element.addEventListener('click', (e) => {
        e.stopPropagation();
        this.dispatchEvent(new Event('gmp-click'));
      });
    }
    set title(value: string) {
      this.element.setAttribute('title', value);
    }
    get title() {
      return this.element.getAttribute('title') ?? '';
    }
    set content(node: HTMLElement | null) {
      this.#content?.remove();
      this.#content = node;
      if (node) this.element.appendChild(node);
    }
    get content() {
      return this.#content;
    }
    set map(map: FakeMap | null) {
      this.#map = map;
      if (map) map.markers.appendChild(this.element);
      else this.element.remove();
    }
    get map() {
      return this.#map;
    }
  }

  const libraries: Record<string, unknown> = {
    core: { LatLng, event },
    maps: { Map: FakeMap },
    marker: { AdvancedMarkerElement, PinElement: class {} },
  };
  const maps = {
    version: '3.62.0',
    Settings: { getInstance: () => ({}) },
    Map: FakeMap,
    LatLng,
    event,
    marker: libraries.marker,
    importLibrary: (name: string) => Promise.resolve(libraries[name] ?? {}),
  };
  (window as unknown as { google: unknown }).google = { maps };
}
