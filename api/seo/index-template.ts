// The built web app's index.html as a template: the block between the hub:meta markers (the
// default title, description and preview tags web/index.html carries for `npm run dev:web`) is
// where the server puts each page's own tags (page-meta.ts). The defaults are read from that
// block, so web/index.html stays the one place the generic title and description are written.

const START = '<!-- hub:meta -->';
const END = '<!-- /hub:meta -->';

export interface IndexTemplate {
  /** The page up to where the tags go, and from there on. */
  before: string;
  after: string;
  defaults: { title: string; description: string };
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function parseIndexTemplate(html: string): IndexTemplate {
  const start = html.indexOf(START);
  const end = html.indexOf(END, start);
  let before: string;
  let after: string;
  let block: string;
  if (start >= 0 && end > start) {
    before = html.slice(0, start);
    after = html.slice(end + END.length);
    block = html.slice(start, end);
  } else {
    // A page built without the markers: its own <title> gives way to the served one.
    const title = /<title>[\s\S]*?<\/title>/i.exec(html);
    const stripped = title ? html.slice(0, title.index) + html.slice(title.index + title[0].length) : html;
    const head = stripped.search(/<\/head>/i);
    const at = head >= 0 ? head : Math.max(stripped.search(/<body/i), 0);
    before = stripped.slice(0, at);
    after = stripped.slice(at);
    block = title?.[0] ?? '';
  }
  const title = /<title>([\s\S]*?)<\/title>/i.exec(block)?.[1]?.trim();
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(block)?.[1]?.trim();
  return {
    before,
    after,
    defaults: {
      title: title ? decode(title) : 'Hub',
      description: description ? decode(description) : 'Reserve um locker por hora perto de você.',
    },
  };
}
