export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event, on stdout; a log shipper reads it as it is. */
export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
