import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { SITE } from './shared/site/site.ts'
import { siteUrlFromEnv } from './scripts/deploy/site-url.ts'
import { CLIENT_ENTRY, clientAssetsPlugin } from './scripts/vite/client-assets-plugin.ts'
import { markdownPlugin } from './scripts/vite/markdown-plugin.ts'
import { messagesPlugin } from './scripts/vite/messages-plugin.ts'
import { workerBuildIdPlugin } from './scripts/vite/worker-build-id-plugin.ts'

export const CLIENT_OUT_DIR = 'dist/client'

export const LEGAL_TOKENS = {
  operator: SITE.operator,
  contactEmail: SITE.contactEmail,
  siteUrl: SITE.url,
}

// The public origin, baked into the built worker's configuration (what `wrangler deploy` reads);
// without it the build is a local one, serving loopback addresses only.
const siteUrl = siteUrlFromEnv(process.env.SITE_URL)

export default defineConfig({
  plugins: [
    markdownPlugin(LEGAL_TOKENS),
    messagesPlugin(),
    clientAssetsPlugin({ clientOutDir: CLIENT_OUT_DIR }),
    react(),
    workerBuildIdPlugin(),
    cloudflare({ config: siteUrl ? { vars: { SITE_URL: siteUrl } } : {} }),
  ],
  environments: {
    client: {
      build: {
        outDir: CLIENT_OUT_DIR,
        manifest: true,
        rollupOptions: { input: CLIENT_ENTRY },
      },
    },
  },
  builder: {
    // The worker embeds the client's hashed file names, so the client is built first.
    async buildApp(builder) {
      const { client, ...workers } = builder.environments
      if (!client) throw new Error('No client environment')
      await builder.build(client)
      for (const environment of Object.values(workers)) await builder.build(environment)
    },
  },
})
