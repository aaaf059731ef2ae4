const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)
