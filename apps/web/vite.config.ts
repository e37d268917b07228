import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API server runs beside Vite; everything it serves goes through the proxy so
// the session cookie stays first-party. API_ORIGIN points the proxy at another server.
const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Core builds its zod schemas and API contracts at the top of its modules, beside the constants
 * and functions the web reads. The web never validates with them (the server does), but a
 * bundler keeps every call it cannot prove free of side effects, so each module the web reads
 * from brought all its schemas along (about 8 KB gzip of the first download). Core is pure by
 * rule, so in the web build each top-level `const x = f(…)` of a core module is marked pure: a
 * schema nothing in the web uses is dropped; a value the web does use is computed as before.
 * (zod itself stays: the sign-up and profile checks parse a username with core's usernameSchema,
 * which lives in model/entities.ts beside values every board needs.)
 */
function corePure(): Plugin {
  const core = /[\\/]packages[\\/]core[\\/]src[\\/].*\.ts$/;
  return {
    name: 'listboard:core-pure',
    apply: 'build',
    transform(code, id) {
      if (!core.test(id) || id.endsWith('.test.ts')) return null;
      const inserts: { at: number; text: string }[] = [];
      for (const statement of this.parse(code).body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (init?.type !== 'CallExpression') continue;
          inserts.push(
            { at: init.start, text: '/* @__PURE__ */ (() => ' },
            { at: init.end, text: ')()' },
          );
        }
      }
      if (inserts.length === 0) return null;
      let out = code;
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at))
        out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}

/**
 * React Router's package names only its development build in its exports, whatever the mode
 * (remix-run/react-router#12532): the build it ships beside it, without the development
 * warnings, is aliased in for the production bundle (about 1 KB gzip of the first download).
 */
const routerBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), corePure()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: routerBuild }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/files': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the first page needs is one script: fetched at once and compressed as one,
        // rather than a dozen small chunks shared with what loads later. Whatever is imported
        // with import() (KaTeX, markdown-it, pdf.js, highlight.js, rare forms and pages) still
        // loads on demand; scripts/bundle-size.test.ts keeps the first download within budget.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
}));
