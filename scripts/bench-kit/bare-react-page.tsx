// The baseline of `npm run bench:screens` and `npm run lighthouse`: a bare React 19 page streamed
// from a worker, with a heading and a paragraph as a public page of ours has, and nothing else
// (no CSS, no script, no router). Our pages' cost is measured against it.
import { renderToReadableStream } from 'react-dom/server.edge'

function Page() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Portfolio tracking</title>
      </head>
      <body>
        <main>
          <h1>Track your portfolio</h1>
          <p>Exact with money, in Turkish, English and German.</p>
        </main>
      </body>
    </html>
  )
}

export default {
  async fetch(): Promise<Response> {
    return new Response(await renderToReadableStream(<Page />), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    })
  },
}
