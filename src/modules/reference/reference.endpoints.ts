/**
 * The API's own reference: the OpenAPI 3.1 document generated from the contracts, and an
 * interactive page (Scalar) whose script this server serves itself, since a shop's LAN may
 * have no internet. The page runs under DOCS_CSP: scripts from us only, no outside calls.
 */
import { dirname, join } from "node:path";
import { contracts } from "../../domain/contracts";
import { implement } from "../../lib/endpoint";

const SCALAR_SCRIPT = join(
  dirname(Bun.resolveSync("@scalar/api-reference", import.meta.dir)),
  "browser/standalone.js",
);

export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
].join("; ");

const CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
});

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Betting Shop API reference</title>
</head>
<body>
<script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration='${CONFIGURATION}'></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>`;

export function referenceEndpoints(document: () => unknown) {
  return [
    implement(contracts.openapi, () => document() as Record<string, unknown>),
    implement(contracts.docs, ({ c }) =>
      c.html(PAGE, 200, { "Content-Security-Policy": DOCS_CSP }),
    ),
    implement(
      contracts.docsScript,
      () =>
        new Response(Bun.file(SCALAR_SCRIPT), {
          headers: {
            "Content-Type": "text/javascript; charset=utf-8",
            "Cache-Control": "private, max-age=86400",
          },
        }),
    ),
  ];
}
