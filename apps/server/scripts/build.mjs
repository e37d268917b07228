// Compiles the server into plain JavaScript for production: one ES module per entry point in
// apps/server/dist. The workspace's own packages (@listboard/*, TypeScript source) are bundled
// in; every other package stays an import that Node resolves from node_modules at run time.
// `node scripts/build.mjs <folder>` writes elsewhere in apps/server (the tests build their own).
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = process.argv[2] ?? 'dist';

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'seed-cli': 'src/seed/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@listboard/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
