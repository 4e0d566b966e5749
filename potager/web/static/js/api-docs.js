/* The API page (/docs): starts Swagger UI with FastAPI's own settings, from this file rather than
 * an inline script, so the page asks for nothing the pages' Content-Security-Policy forbids. */
"use strict";

SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
