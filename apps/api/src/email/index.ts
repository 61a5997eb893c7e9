/** Email: the mailer (SMTP or file outbox) and the order confirmation. */
export * from './mailer.ts';
export * from './order-confirmation.ts';
export { escapeHtml } from './html.ts';
