/**
 * The logger type the flows, the mailer and the jobs share (issue 11 item 8: its own module, so the
 * mailer does not import the flow context that imports the mailer).
 */

/** A minimal logger (pino/Fastify compatible). Never give it card numbers. */
export interface FlowLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
