import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  // The shared libraries are TypeScript sources: bundle them directly (tree-shaken), not their CommonJS build.
  resolve: { alias: { '@furlong/contracts': lib('contracts'), '@furlong/domain': lib('domain') } },
  server: {
    port: 5173,
    // `npm run dev`: the API runs on :3000, the client here with hot reload.
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // The shared libraries' modules do nothing when imported but define things (their zod schemas
      // register ids only for the server's OpenAPI document): a module none of whose exports a
      // chunk uses is left out of it, so the shell no longer carries every schema of the barrel.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]libs[\\/](contracts|domain)[\\/]src[\\/]/.test(id) },
    },
  },
});
