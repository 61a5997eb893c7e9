/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * The HTML document every store email shares: language, title (the subject), the brand as the
 * heading, then `bodyHtml` (already escaped). Plain inline styles: mail clients ignore style sheets.
 */
export function emailDocument(lang: string, subject: string, brand: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#222;max-width:640px;margin:0 auto">
<h1 style="font-size:20px">${escapeHtml(brand)}</h1>
${bodyHtml}
</body></html>
`;
}

/** A rendered email: subject, plain text and HTML bodies. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}
