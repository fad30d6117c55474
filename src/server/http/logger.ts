import { errorChain } from './errors';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

// Drizzle's "Failed query: <sql>\nparams: <values>", in a message or at the head of a stack: the
// values run to the stack's first frame, or to the end.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * The last line of defence for callers that log `error.message` or `error.stack` themselves: query
 * parameters never reach the log, and an Error given as a field is logged as errorForLog does.
 */
function scrubField(value: unknown): unknown {
  if (value instanceof Error) return errorForLog(value);
  if (typeof value === 'string' && value.includes('params: '))
    return value.replace(QUERY_PARAMS, '\nparams: (not logged)');
  return value;
}

/** One JSON line per event, on stdout; a log shipper reads it as it is. */
export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      const scrubbed = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, scrubField(value)]),
      );
      write(JSON.stringify({ time: new Date().toISOString(), level, msg: scrubField(msg), ...scrubbed }));
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

const FAILED_QUERY = /^Failed query: /;
// pg quotes the offending input at the end of some messages ('invalid input syntax for type
// uuid: "…"'); identifiers (relations, constraints) are quoted earlier and stay.
const QUOTED_VALUE_AT_END = /: ".*"$/s;

/**
 * An error as a log may hold it: never the values of a query. Drizzle's "Failed query" message and
 * its stack repeat every parameter (password hashes, people's details), and PostgreSQL's `detail`
 * repeats key values; so the log gets the codes, the names of what failed, the driver's message and
 * the stack's frames only.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  const chain = errorChain(error);
  if (chain.length === 0) return { error: String(error) };
  const pick = (field: string) => chain.map((link) => link[field]).find((v) => typeof v === 'string');
  const message =
    chain.map((link) => link.message).find((m) => typeof m === 'string' && !FAILED_QUERY.test(m)) ??
    (FAILED_QUERY.test(String(chain[0]!.message)) ? 'Failed query' : undefined);
  const stack = typeof chain[0]!.stack === 'string' ? chain[0]!.stack : undefined;
  return {
    error:
      typeof message === 'string' ? message.replace(QUOTED_VALUE_AT_END, ': (value not logged)') : 'Error',
    code: pick('code'),
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
    stack: stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}
