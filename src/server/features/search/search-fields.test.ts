import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contracts/search';
import { json, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * Every searched field of every area, through the one condition its list and the top bar share
 * (db/like-pattern.ts textSearch over the record's search_text; the student's name through
 * ofStudentsNamed): a record is found by a piece of a word in each field (D17: three or more
 * characters anywhere, one or two the start of a word), not by two letters inside a word, and a
 * record without the word is not found.
 */

const { t, tokens } = fileTestContext({ signIn: ['ADM001'], clockAt: new Date('2026-03-16T08:00:00Z') });

/** One word per searched field, each starting with its own two letters. */
const WORDS = ['Jarvendo', 'Wolquist', 'Vexmoran', 'Pulhaven', 'Lystrand'] as const;

interface Area {
  /** The top bar's group. */
  area: string;
  /** The area's own list, when it has one at the admin's reach (items carry their ids). */
  list?: string;
  /** The fields searched, in the order of WORDS. */
  fields: string[];
  /** Writes the record holding WORDS[i] in fields[i], and another holding none; their ids. */
  make: () => Promise<{ found: string; other: string }>;
}

const exec = async (query: SQL) => (await t.database.db.execute(query)).rows as Array<{ id: string }>;
const one = async (query: SQL) => (await exec(query))[0]!.id;

const AREAS: Area[] = [
  {
    area: 'tasks',
    list: '/api/tasks',
    fields: ['title', 'description', 'student name'],
    async make() {
      const student = await makeStudent(t, { name: `Mary ${WORDS[2]}`, officer: 'PO001' });
      return {
        found: await one(
          sql`insert into tasks (title, description, student_id) values (${`Call ${WORDS[0]}`}, ${`About ${WORDS[1]}`}, ${student.id}) returning id`,
        ),
        other: await one(
          sql`insert into tasks (title, description) values ('Another task', 'Nothing here') returning id`,
        ),
      };
    },
  },
  {
    area: 'issues',
    list: '/api/issues',
    fields: ['title', 'description', 'student name'],
    async make() {
      const student = await makeStudent(t, { name: `Ruth ${WORDS[2]}`, officer: 'PO001' });
      const bystander = await makeStudent(t, { name: 'Grace Other', officer: 'PO001' });
      return {
        found: await one(
          sql`insert into issues (title, description, student_id) values (${`Rent ${WORDS[0]}`}, ${`Late ${WORDS[1]}`}, ${student.id}) returning id`,
        ),
        other: await one(
          sql`insert into issues (title, description, student_id) values ('Another issue', 'Nothing here', ${bystander.id}) returning id`,
        ),
      };
    },
  },
  {
    area: 'forms',
    list: '/api/forms',
    fields: ['a field value', 'student name', 'author name'],
    async make() {
      const student = await makeStudent(t, { name: `Peter ${WORDS[1]}`, officer: 'PO001' });
      const bystander = await makeStudent(t, { name: 'Paul Other', officer: 'PO001' });
      const author = await one(
        sql`insert into users (email, name) values ('form.author@example.org', ${`Jane ${WORDS[2]}`}) returning id`,
      );
      const fields = JSON.stringify({ notes: `Met ${WORDS[0]} at home` });
      return {
        found: await one(
          sql`insert into forms (type, student_id, form_date, author_id, fields) values ('home_visit', ${student.id}, '2026-03-10', ${author}, ${fields}::jsonb) returning id`,
        ),
        other: await one(
          sql`insert into forms (type, student_id, form_date, fields) values ('home_visit', ${bystander.id}, '2026-03-10', '{"notes":"nothing"}'::jsonb) returning id`,
        ),
      };
    },
  },
  {
    area: 'files',
    list: '/api/files',
    fields: ['name', 'student name'],
    async make() {
      const student = await makeStudent(t, { name: `John ${WORDS[1]}`, officer: 'PO001' });
      const bystander = await makeStudent(t, { name: 'James Other', officer: 'PO001' });
      const file = (name: string, studentId: string) =>
        one(
          sql`insert into student_files (student_id, name, mime_type, size, category, storage_key) values (${studentId}, ${name}, 'application/pdf', 1, 'financial', gen_random_uuid()) returning id`,
        );
      return {
        found: await file(`${WORDS[0]} statement.pdf`, student.id),
        other: await file('other.pdf', bystander.id),
      };
    },
  },
  {
    area: 'impact-stories',
    fields: ['student name', 'title', 'excerpt'],
    async make() {
      const category = await one(
        sql`insert into story_categories (name) values ('Search fields') returning id`,
      );
      const story = (name: string, title: string, excerpt: string) =>
        one(
          sql`insert into impact_stories (student_name, year, title, excerpt, content, category_id, date_posted, approved) values (${name}, 2025, ${title}, ${excerpt}, 'Content', ${category}, '2026-03-01', true) returning id`,
        );
      return {
        found: await story(`Ann ${WORDS[0]}`, `A ${WORDS[1]} year`, `How ${WORDS[2]} began`),
        other: await story('Ann Other', 'Another story', 'Nothing here'),
      };
    },
  },
  {
    area: 'yearbook',
    fields: ['student name', 'program'],
    async make() {
      const book = await one(
        sql`insert into yearbooks (year, title) values (2025, 'Class of 2025') returning id`,
      );
      const entry = async (name: string, program: string) => {
        const student = await makeStudent(t, { name: 'Entry Student', officer: 'PO001' });
        return one(
          sql`insert into yearbook_entries (yearbook_id, student_id, student_name, program) values (${book}, ${student.id}, ${name}, ${program}) returning id`,
        );
      };
      return {
        found: await entry(`Eve ${WORDS[0]}`, `BSc ${WORDS[1]}`),
        other: await entry('Eve Other', 'BSc Other'),
      };
    },
  },
  {
    area: 'announcements',
    list: '/api/announcements',
    fields: ['title', 'content', 'author name'],
    async make() {
      const notice = (title: string, content: string, author: string) =>
        one(
          sql`insert into announcements (title, content, author_name, created_date) values (${title}, ${content}, ${author}, '2026-03-15') returning id`,
        );
      return {
        found: await notice(`${WORDS[0]} notice`, `Read ${WORDS[1]}`, `Sam ${WORDS[2]}`),
        other: await notice('Other notice', 'Nothing here', 'Sam Other'),
      };
    },
  },
  {
    area: 'events',
    list: '/api/events',
    fields: ['title', 'description', 'location', 'tags'],
    async make() {
      const event = (title: string, description: string, location: string, tags: string[]) =>
        one(
          sql`insert into events (title, description, location, tags, date, time, starts_at, organizer_name, registration_deadline) values (${title}, ${description}, ${location}, ${sql.param(tags)}::text[], '2026-04-01', '10:00', '2026-04-01T08:00:00Z', 'Organiser', '2026-03-31T08:00:00Z') returning id`,
        );
      return {
        found: await event(`${WORDS[0]} fair`, `Meet ${WORDS[1]}`, `${WORDS[2]} Hall`, ['careers', WORDS[3]]),
        other: await event('Other fair', 'Nothing here', 'Main Hall', ['careers']),
      };
    },
  },
  {
    area: 'library',
    list: '/api/library',
    fields: ['title', 'description', 'author', 'tags'],
    async make() {
      const resource = (title: string, description: string, author: string, tags: string[]) =>
        one(
          sql`insert into library_resources (title, description, author, tags) values (${title}, ${description}, ${author}, ${sql.param(tags)}::text[]) returning id`,
        );
      return {
        found: await resource(`${WORDS[0]} guide`, `On ${WORDS[1]}`, `Ben ${WORDS[2]}`, ['study', WORDS[3]]),
        other: await resource('Other guide', 'Nothing here', 'Ben Other', ['study']),
      };
    },
  },
  {
    area: 'users',
    list: '/api/users',
    fields: ['name', 'staff ID', 'email', 'department'],
    async make() {
      const user = (name: string, staffId: string, email: string, department: string) =>
        one(
          sql`insert into users (name, staff_id, email, department) values (${name}, ${staffId}, ${email}, ${department}) returning id`,
        );
      return {
        found: await user(
          `Kim ${WORDS[0]}`,
          `${WORDS[1]}-7`,
          `${WORDS[2]}@example.org`,
          `${WORDS[3]} Office`,
        ),
        other: await user('Kim Other', 'OTH-7', 'other.kim@example.org', 'Other Office'),
      };
    },
  },
  {
    area: 'landlords',
    list: '/api/landlords',
    fields: ['name', 'boarding house', 'address', 'email'],
    async make() {
      const landlord = (name: string, house: string, address: string, email: string) =>
        one(
          sql`insert into landlords (name, boarding_house_name, address, email) values (${name}, ${house}, ${address}, ${email}) returning id`,
        );
      return {
        found: await landlord(
          `Tom ${WORDS[0]}`,
          `${WORDS[1]} House`,
          `12 ${WORDS[2]} Road`,
          `${WORDS[3]}@example.org`,
        ),
        other: await landlord('Tom Other', 'Other House', '1 Main Road', 'other.tom@example.org'),
      };
    },
  },
  {
    area: 'institutions',
    list: '/api/institutions',
    fields: ['institution', 'department', 'liaison', 'liaison email', 'institution email'],
    async make() {
      const institution = (...values: [string, string, string, string, string]) =>
        one(
          sql`insert into institutions (institution_name, department, liaison_name, liaison_email, institution_email) values (${values[0]}, ${values[1]}, ${values[2]}, ${values[3]}, ${values[4]}) returning id`,
        );
      return {
        found: await institution(
          `${WORDS[0]} College`,
          `${WORDS[1]} Faculty`,
          `Liz ${WORDS[2]}`,
          `${WORDS[3]}@example.org`,
          `${WORDS[4]}@example.org`,
        ),
        other: await institution(
          'Other College',
          'Studies',
          'Liz Other',
          'liz@example.org',
          'info@other.example.org',
        ),
      };
    },
  },
];

const made = new Map<string, { found: string; other: string }>();

beforeAll(async () => {
  for (const area of AREAS) made.set(area.area, await area.make());
});

/** The ids the top bar's search shows in the area's group. */
async function topBar(area: string, q: string): Promise<string[]> {
  const res = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: tokens.ADM001 });
  expect(res.status, q).toBe(200);
  const { groups } = await json<SearchResponse>(res);
  return groups.find((g) => g.area === area)?.items.map((i) => i.id) ?? [];
}

/** The ids the area's own list shows for q. */
async function listed(path: string, q: string): Promise<string[]> {
  const res = await t.request('GET', `${path}?q=${encodeURIComponent(q)}&pageSize=100`, {
    token: tokens.ADM001,
  });
  expect(res.status, `${path} ${q}`).toBe(200);
  return (await json<{ items: Array<{ id: string }> }>(res)).items.map((i) => i.id);
}

describe.each(AREAS)('searching $area', ({ area, list, fields }) => {
  const finders: Array<[string, (q: string) => Promise<string[]>]> = [
    ['the top bar', (q) => topBar(area, q)],
  ];
  if (list) finders.push(['its list', (q) => listed(list, q)]);

  it.each(fields.map((field, i) => [field, WORDS[i]!] as const))(
    'finds a record by its %s',
    async (field, word) => {
      const { found, other } = made.get(area)!;
      for (const [where, find] of finders) {
        const inside = await find(word.slice(1, 5));
        expect(inside, `${where}: '${word.slice(1, 5)}' inside the ${field}`).toContain(found);
        expect(inside, `${where}: '${word.slice(1, 5)}' is not in the other record`).not.toContain(other);
        expect(
          await find(word.slice(0, 2)),
          `${where}: '${word.slice(0, 2)}' starts a word of the ${field}`,
        ).toContain(found);
        expect(await find(word.slice(2, 4)), `${where}: '${word.slice(2, 4)}' starts no word`).not.toContain(
          found,
        );
      }
    },
  );
});
