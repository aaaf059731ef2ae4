import { Hono } from 'hono'
import { escapeHtml } from '../../worker/render/html-escape'
import type { MailMessage, Outbox } from './outbox'

/**
 * The mail outbox: `/` lists every message, newest first; `/api/messages?to=` and
 * `/api/messages/latest?to=` answer JSON for tests and scripts.
 */
export function createOutboxApp(outbox: Outbox) {
  return new Hono()
    .get('/api/messages', (c) => c.json({ messages: outbox.list(c.req.query('to')) }))
    .get('/api/messages/latest', (c) => {
      const to = c.req.query('to')
      if (!to) return c.json({ error: 'Pass the address as ?to=' }, 400)
      const message = outbox.latest(to)
      return message ? c.json(message) : c.json({ error: `No message to ${to}` }, 404)
    })
    .get('/', (c) => c.html(renderOutbox(outbox.list(c.req.query('to')), c.req.query('to'))))
}

function renderMessage(message: MailMessage) {
  const link = message.link
    ? `<p>Link: <a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a></p>`
    : ''
  // The mail in a sandbox: its styles stay inside, and a click on its button opens the link.
  const mail = `<base target="_blank">${message.html}`
  return `<article>
    <header>
      <h2>${escapeHtml(message.subject)}</h2>
      <p class="meta">To <strong>${escapeHtml(message.to)}</strong> ·
        <time datetime="${message.sentAt}">${new Date(message.sentAt).toLocaleString('en-GB')}</time> ·
        <span class="kind">${escapeHtml(message.kind)}</span></p>
    </header>
    <iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcdoc="${escapeHtml(mail)}"></iframe>
    ${link}
    <p>Code: <code class="otp">${escapeHtml(message.code)}</code></p>
  </article>`
}

function renderOutbox(messages: MailMessage[], filter: string | undefined) {
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p>No messages yet. Sign up, ask for a magic link or reset a password in the app.</p>'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail outbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
  article { border: 1px solid #cbd2d9; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h2 { margin: 0; font-size: 1.1rem; } .meta { margin: .25rem 0; color: #52606d; }
  a { word-break: break-all; } .otp { font-size: 1.4rem; letter-spacing: .2em; }
  .kind { font-family: monospace; }
  iframe { width: 100%; height: 34rem; border: 1px solid #e4e7eb; border-radius: .375rem; margin: .5rem 0; }
  form { display: flex; gap: .5rem; } input { flex: 1; font: inherit; padding: .4rem; }
</style></head>
<body><main>
  <h1>Local mail outbox</h1>
  <p>Every message the local auth server sent, newest first. Nothing leaves this machine.</p>
  <form method="get"><label for="to">Address</label>
    <input id="to" name="to" type="email" value="${escapeHtml(filter ?? '')}"><button>Filter</button></form>
  ${list}
</main></body></html>`
}
