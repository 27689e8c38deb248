// A local ESLint rule: a read model's tables are named only by the projector that owns them
// (its folder under projections/), so every other layer reads them through that projector's
// query module (docs/architecture.md, "Read models belong to their projector"). It looks at
// string and template literals, where SQL lives; comments may still name a table.

/** Names a table, or an index or constraint named after one (rm_reservations_open). */
function tablePattern(owners) {
  const names = Object.values(owners)
    .flat()
    .filter((name) => !name.startsWith('rm_'));
  const escaped = names.map((name) => name.replace(/[^a-z0-9_]/g, ''));
  return new RegExp(`\\b(?:rm_|${escaped.join('|')})[a-z0-9_]*\\b`, 'g');
}

function ownerOf(owners, name) {
  for (const [folder, tables] of Object.entries(owners)) {
    if (tables.some((table) => name === table || name.startsWith(`${table}_`))) return folder;
  }
  return null;
}

/** The projector folder a file is in (projections/<folder>/…), or null. */
function folderOf(cwd, filename) {
  const relative = filename.startsWith(cwd) ? filename.slice(cwd.length).replace(/^[\\/]+/, '') : filename;
  const match = /^projections[\\/]([^\\/]+)[\\/]/.exec(relative);
  return match ? match[1] : null;
}

const readModelOwners = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the owning projector names its read-model tables; others use its query module.' },
    schema: [
      {
        type: 'object',
        properties: { owners: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreign: "'{{name}}' belongs to projections/{{owner}}/: read or write it through projections/{{owner}}/*queries.ts, not here.",
      unknown: "'{{name}}' looks like a read-model table no projector owns: add it to its projector in eslint.config.js (readModelOwners).",
    },
  },
  create(context) {
    const { owners } = context.options[0];
    const pattern = tablePattern(owners);
    const here = folderOf(context.cwd, context.filename);
    const check = (node, text) => {
      for (const name of new Set(Array.from(text.matchAll(pattern), ([match]) => match))) {
        const owner = ownerOf(owners, name);
        if (owner === here && owner !== null) continue;
        context.report({ node, messageId: owner ? 'foreign' : 'unknown', data: { name, owner } });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.raw);
      },
    };
  },
};

export default { meta: { name: 'hub-local' }, rules: { 'read-model-owners': readModelOwners } };
