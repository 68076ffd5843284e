import { z } from 'zod';

// zod's settings wherever the contract's schemas run, imported by every schema module before it
// builds a schema. Here, not in index.ts: this is the package's one side effect (package.json),
// so a bundle that takes only its texts, paths and helpers — the web app's first page — leaves zod
// out.
z.config({
  // Validation messages in Chinese, on the server and in the web app.
  ...z.locales.zhCN(),
  // In the browser, no JIT: zod would probe for it with `new Function` when an object schema is
  // built, which the site's CSP (script-src 'self') reports as a violation on most pages. The
  // server has no CSP and keeps the faster compiled parsers.
  jitless: 'document' in globalThis,
});
