/**
 * `npm run create-admin -- --staff-id ADM100 --email it@example.org --name "Jane Phiri"`
 * Makes an admin account (verified, active) in the configured database: how the first admin of a
 * production database comes to be, since self-registration never grants a role (docs/product.md D3).
 * The password comes from ADMIN_PASSWORD, or is asked for on the terminal (not shown), or is the
 * first line of standard input when there is no terminal.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { RegisterRequestSchema } from '../../contracts/auth';
import { passwordProblems } from '../../domain/settings';
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../database';
import { DEMO_PASSWORD } from '../db/demo-seed/accounts';
import { users } from '../db/schema';
import { currentSettings } from '../features/settings/settings.service';
import { databaseProblem } from '../startup-checks';

/** Typed on a terminal, shown as nothing at all (not even its length). */
function typedPassword(): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the prompt shows: whatever is typed after it is never echoed.
  stdin.setRawMode(true);
  process.stdout.write('Password for the new admin (not shown as you type): ');
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let password = '';
    const finish = () => {
      stdin.off('data', onKeys);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onKeys = (keys: string) => {
      for (const key of keys) {
        if (key === '\r' || key === '\n' || key === '\u0004') {
          finish();
          return resolve(password);
        }
        if (key === '\u0003') {
          finish();
          return reject(new Error('Cancelled: no admin created.'));
        }
        password = key === '\u007f' || key === '\b' ? password.slice(0, -1) : password + key;
      }
    };
    stdin.on('data', onKeys);
  });
}

/** Without a terminal (a script, a pipe): the first line of what comes in. */
async function pipedPassword(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const [line = ''] = input.split(/\r?\n/);
  if (!line)
    throw new Error(
      'Set ADMIN_PASSWORD, give the password on standard input, or run this in a terminal to be asked.',
    );
  return line;
}

const askPassword = () => (process.stdin.isTTY ? typedPassword() : pipedPassword());

async function main() {
  const { values } = parseArgs({
    options: {
      'staff-id': { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      department: { type: 'string' },
    },
  });
  // Blank is unset, as for every setting (an environment file may list it empty).
  const password = process.env.ADMIN_PASSWORD || (await askPassword());
  const parsed = RegisterRequestSchema.safeParse({
    staffId: values['staff-id'],
    email: values.email,
    name: values.name,
    password,
    role: 'admin',
    department: values.department ?? 'Administration',
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(
      `Cannot create the admin:\n${problems}\nUsage: npm run create-admin -- --staff-id ADM100 --email it@example.org --name "Jane Phiri"`,
    );
  }
  const input = parsed.data;
  // The demo password is published in the README: an administrator with it would keep the server
  // on loopback (and refused in production), so it is refused here with the reason.
  if (input.password === DEMO_PASSWORD)
    throw new Error('Choose a password other than the published demo password (Demo#2026).');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config).catch((error: unknown) => {
    throw (config.databaseUrl && databaseProblem(error, config.databaseUrl)) || error;
  });
  try {
    // The password policy in force (System Settings, D13) applies to the first admin too.
    const problems = passwordProblems(
      input.password,
      (await currentSettings(database.db)).security.passwordPolicy,
    );
    if (problems.length > 0)
      throw new Error(`Cannot create the admin:\n  password: ${problems.join('\n  password: ')}`);
    const [clash] = await database.db
      .select({ staffId: users.staffId, email: users.email })
      .from(users)
      .where(sql`upper(${users.staffId}) = ${input.staffId} or lower(${users.email}) = ${input.email}`)
      .limit(1);
    if (clash)
      throw new Error(
        `An account with staff ID ${clash.staffId ?? '-'} or email ${clash.email} already exists.`,
      );
    const now = new Date();
    await database.db.insert(users).values({
      staffId: input.staffId,
      email: input.email,
      name: input.name,
      department: input.department,
      role: 'admin',
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: now,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // Without APP_URL (run apart from the service's environment file) the address would be a guess.
    console.log(
      process.env.APP_URL
        ? `Admin ${input.staffId} (${input.email}) created. They can sign in at ${config.appUrl}/staff-login.`
        : `Admin ${input.staffId} (${input.email}) created. They can sign in at /staff-login on the app's address (APP_URL is not set here, so it cannot be printed).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error((error as Error).message);
  process.exit(1);
});
