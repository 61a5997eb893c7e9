/**
 * Dev-only pages of the file outbox (registered only when `DEV_PAGES` is on and the mailer is
 * the file outbox): `GET .../dev/outbox` lists the messages, `GET .../dev/outbox/:id` shows one
 * (its HTML part in a sandboxed frame, and its text part).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BaseSiteParamsSchema, codeInput } from '@store/contracts';
import { escapeHtml as e } from './html.ts';
import type { Mailer } from './mailer.ts';
import { readOutboxIndex, readOutboxMessage } from './mailer.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}iframe{width:100%;height:40rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body>${body}</body></html>`;
}

/** Registers the outbox pages on a scope (the path prefix is the scope's). */
export function registerOutboxPages(scope: FastifyInstance, mailer: Mailer): void {
  const dir = mailer.outboxDir;
  if (!dir) return;
  scope.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const index = await readOutboxIndex(dir);
    const base = request.url.split('?')[0] ?? '';
    const rows = index
      .map((m) => `<tr><td>${e(m.date)}</td><td>${e(m.to)}</td><td><a href="${e(`${base}/${m.id}`)}">${e(m.subject)}</a></td></tr>`)
      .join('');
    const body = `<h1>Outbox</h1><p>${index.length} message(s) in <code>${e(dir)}</code>.</p>
<table><thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page('Outbox', body));
  });
  // the message id is bounded and clean like every path parameter (issue 9)
  const typed = scope.withTypeProvider<ZodTypeProvider>();
  typed.get('/dev/outbox/:id', { schema: { hide: true, params: BaseSiteParamsSchema.extend({ id: codeInput(128) }) } }, async (request, reply) => {
    const { id } = request.params;
    const m = await readOutboxMessage(dir, id);
    if (!m) return reply.status(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>Message not found</h1>'));
    const body = `<p><a href="./">← Outbox</a></p><h1>${e(m.subject)}</h1>
<p>From: ${e(m.from)}<br>To: ${e(m.to)}<br>Date: ${e(m.date)}</p>
<h2>HTML</h2><iframe title="HTML part" sandbox="" srcdoc="${e(m.html)}"></iframe>
<h2>Text</h2><pre>${e(m.text)}</pre>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(m.subject, body));
  });
}
