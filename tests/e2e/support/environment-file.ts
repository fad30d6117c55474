/**
 * Reads an environment file as systemd's EnvironmentFile= does (systemd.exec(5)): blank lines and
 * lines starting with '#' or ';' are skipped; around the value, whitespace goes; a value wholly in
 * double or single quotes loses them; anything else, a '#' after the value included, is the value.
 */
export function readEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.replace(/\\\n/g, '').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const equals = trimmed.indexOf('=');
    if (equals < 0) continue;
    const name = trimmed.slice(0, equals).trim();
    const raw = trimmed.slice(equals + 1).trim();
    const quote = raw[0];
    if ((quote === '"' || quote === "'") && raw.length > 1 && raw.endsWith(quote)) {
      const inner = raw.slice(1, -1);
      env[name] = quote === '"' ? inner.replace(/\\(["\\`$])/g, '$1') : inner;
    } else {
      env[name] = raw.replace(/\\(.)/g, '$1');
    }
  }
  return env;
}

/** The example file with some values replaced (each NAME=… line rewritten). */
export function withValues(text: string, values: Record<string, string>): string {
  let out = text;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    if (!line.test(out)) throw new Error(`${name} is not in the environment file`);
    out = out.replace(line, `${name}=${value}`);
  }
  return out;
}
