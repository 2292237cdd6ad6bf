/**
 * The API reference page (/api/docs), rendered here from the OpenAPI document: plain HTML and an
 * inline style sheet, no script and nothing from another origin, so the web app's CSP serves it as is.
 */

/** The parts of an OpenAPI 3.1 document (as contracts' openApiDocument builds it) that the page shows. */
interface SchemaObject {
  $ref?: string;
  type?: string;
}
interface Media {
  schema?: SchemaObject;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const schemaBlock = (schema: unknown) =>
  `<details><summary>Schema</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

const refName = (schema: SchemaObject | undefined) => (typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined);

const schemaLink = (schema: SchemaObject | undefined) => {
  const name = refName(schema);
  return name
    ? `<a href="#schema-${escape(name)}">${escape(name)}</a>`
    : schema
      ? `<code>${escape(String(schema.type ?? 'value'))}</code>`
      : '';
};

const operation = (path: string, method: string, op: Operation) => {
  const anchor = escape(op.operationId ?? `${method}${path}`);
  const parameters = op.parameters ?? [];
  const body = op.requestBody?.content;
  const responses = Object.entries(op.responses ?? {});
  return `<section class="op" id="${anchor}">
<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary ?? '')}${op.security && op.security.length === 0 ? ' <em>(no sign-in needed)</em>' : ' <em>(Bearer token)</em>'}</p>
${
  parameters.length
    ? `<table><tr><th>Parameter</th><th>In</th><th>Schema</th><th>About</th></tr>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code>${p.required ? ' *' : ''}</td><td>${escape(p.in)}</td><td><code>${escape(
              JSON.stringify(p.schema),
            )}</code></td><td>${escape(p.description ?? '')}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  body
    ? `<p>Body: ${Object.entries(body)
        .map(([type, media]) => `<code>${escape(type)}</code> ${schemaLink(media.schema)}`)
        .join(', ')}</p>`
    : ''
}
<table><tr><th>Status</th><th>Answer</th><th>Body</th></tr>${responses
    .map(
      ([status, r]) =>
        `<tr><td>${escape(status)}</td><td>${escape(r.description ?? '')}</td><td>${Object.entries(r.content ?? {})
          .map(([type, media]) => `<code>${escape(type)}</code> ${schemaLink(media.schema)}`)
          .join(', ')}</td></tr>`,
    )
    .join('')}</table>
</section>`;
};

/** The whole reference page of an OpenAPI 3.1 document. */
export const renderApiDocs = (document: Record<string, unknown>): string => {
  const doc = document as unknown as OpenApiDocument;
  const paths = Object.entries(doc.paths);
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of paths) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op)]);
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}: API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f5f5f5;padding:.5rem;overflow:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.op{border-top:1px solid #ccc;padding:.5rem 0}.method{display:inline-block;min-width:4.5em;padding:0 .4em;border-radius:4px;color:#fff;font-size:13px;text-align:center}
.get{background:#2b6cb0}.post{background:#2f855a}.put{background:#b7791f}.delete{background:#c53030}
</style></head><body>
<h1>${escape(doc.info.title)}: API reference</h1>
<p>${escape(doc.info.description ?? '')}</p>
<p>OpenAPI ${escape(doc.openapi)} document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav><ul>${[...byTag.keys()].map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a></li>`).join('')}<li><a href="#schemas">Schemas</a></li></ul></nav>
${[...byTag].map(([tag, ops]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>\n${ops.join('\n')}`).join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.map(([name, schema]) => `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3>${schemaBlock(schema)}</section>`).join('\n')}
</body></html>
`;
};
