import { pino, type Logger } from 'pino';

export type RequestLineFields = {
  reqId: string;
  method: string;
  /** The route template, never the raw URL. */
  route: string;
  statusCode: number;
  responseTimeMs: number;
};

type PinoInternals = Record<symbol, unknown>;

/**
 * The one line per request, `{"level":30,"time":…,<the logger's bindings>,"reqId":…,"method":…,
 * "route":…,"statusCode":…,"responseTimeMs":…,"msg":"request completed"}`, written as pino writes
 * an info line of these fields to the same destination, but from a template: pino's generic path
 * (serialising an object of any shape, redaction, hooks) cost more CPU than the rest of a cheap
 * request's bookkeeping. Its fields are fixed and never secret, so nothing is redacted.
 */
export class RequestLine {
  private readonly stream: { write(line: string): unknown };
  private readonly head: string;
  private readonly bindings: string;
  /** JSON text of each route and method seen: a bounded set of templates. */
  private readonly encoded = new Map<string, string>();

  constructor(logger: Logger) {
    const internals = logger as unknown as PinoInternals;
    this.stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
    this.head = `{"level":${logger.levels.values.info ?? 30},"time":`;
    this.bindings = internals[pino.symbols.chindingsSym] as string;
  }

  write(fields: RequestLineFields): void {
    const { reqId, method, route, statusCode, responseTimeMs } = fields;
    this.stream.write(
      `${this.head}${Date.now()}${this.bindings},"reqId":${JSON.stringify(reqId)},"method":${this.json(method)},` +
        `"route":${this.json(route)},"statusCode":${statusCode},"responseTimeMs":${responseTimeMs},"msg":"request completed"}\n`,
    );
  }

  private json(text: string): string {
    let encoded = this.encoded.get(text);
    if (encoded === undefined) {
      encoded = JSON.stringify(text);
      if (this.encoded.size < 1000) this.encoded.set(text, encoded);
    }
    return encoded;
  }
}
