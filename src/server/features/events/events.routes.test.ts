import { describe, expect, it } from 'vitest';
import type { Event, EventListResponse } from '../../../contracts/events';
import type { NotificationsResponse } from '../../../contracts/notifications';
import { EVENT_MESSAGES as M } from '../../../domain/events';
import { accessMatrix, expectAccess, fromRole, signedInOnly } from '../../testing/access-matrix';
import { errorOf, json, UNKNOWN_ID } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'STU001', 'USR001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const BODY = {
  title: 'CV writing workshop',
  description: 'Bring a draft of your CV; we will work on it together.',
  type: 'workshop',
  date: '2026-03-20',
  time: '14:30',
  location: 'Programme office, Lusaka',
  registration_deadline: '2026-03-19T16:00:00+02:00',
  tags: ['careers', 'cv', 'careers'],
};
const create = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/events', { ...BODY, ...fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Event>(res);
};

describe('who reaches Events', () => {
  it('every signed-in user reads and registers; program officers and above create', async () => {
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/events', statuses: signedInOnly(200) },
        { route: 'POST /api/events', body: {}, statuses: fromRole('program_officer', 400) },
        { route: `GET /api/events/${UNKNOWN_ID}`, statuses: signedInOnly(404) },
        { route: `PUT /api/events/${UNKNOWN_ID}`, body: BODY, statuses: signedInOnly(404) },
        { route: `DELETE /api/events/${UNKNOWN_ID}`, statuses: signedInOnly(404) },
        { route: `POST /api/events/${UNKNOWN_ID}/registration`, statuses: signedInOnly(404) },
        { route: `DELETE /api/events/${UNKNOWN_ID}/registration`, statuses: signedInOnly(404) },
        { route: `GET /api/events/${UNKNOWN_ID}/attendees`, statuses: signedInOnly(404) },
        { route: `GET /api/events/${UNKNOWN_ID}/attendees.csv`, statuses: signedInOnly(404) },
        { route: `GET /api/events/${UNKNOWN_ID}/event.ics`, statuses: signedInOnly(404) },
      ]),
    );
  });

  it('the organizer or an admin edits, deletes and reads the attendees; nobody else', async () => {
    const event = await create('PO001');
    expect(event).toMatchObject({
      organizer_id: await t.userId('PO001'),
      starts_at: '2026-03-20T12:30:00.000Z',
      current_attendees: 0,
      tags: ['careers', 'cv'],
      registered: false,
    });
    for (const as of ['PO002', 'DPM001', 'STU001']) {
      const res = await send(as, 'PUT', `/api/events/${event.id}`, { ...BODY, title: 'Taken over' });
      expect(res.status, as).toBe(403);
      expect((await errorOf(res)).error).toBe(M.notYours);
      expect((await send(as, 'GET', `/api/events/${event.id}/attendees`)).status).toBe(403);
      expect((await send(as, 'DELETE', `/api/events/${event.id}`)).status).toBe(403);
    }
    expect(
      (
        await json<Event>(
          await send('ADM001', 'PUT', `/api/events/${event.id}`, { ...BODY, title: 'Renamed' }),
        )
      ).title,
    ).toBe('Renamed');
    expect((await send('PO001', 'DELETE', `/api/events/${event.id}`)).status).toBe(204);
  });

  it('refuses a deadline after the start, no place to meet, and bad values', async () => {
    const late = await send('PO001', 'POST', '/api/events', {
      ...BODY,
      registration_deadline: '2026-03-21T09:00:00+02:00',
    });
    expect((await errorOf(late)).fields).toEqual({ registration_deadline: M.deadlineAfterStart });
    const nowhere = await send('PO001', 'POST', '/api/events', { ...BODY, location: '' });
    expect((await errorOf(nowhere)).fields).toEqual({ location: M.locationRequired });
    const virtual = await send('PO001', 'POST', '/api/events', { ...BODY, location: '', is_virtual: true });
    expect((await errorOf(virtual)).fields).toEqual({ virtual_link: M.locationRequired });
    const bad = await send('PO001', 'POST', '/api/events', { ...BODY, time: '25:00', max_attendees: 0 });
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['max_attendees', 'time']);
  });
});

describe('registering (D17)', () => {
  it('registers and cancels, counted; closed after the deadline; already registered says so', async () => {
    const event = await create('PO001');
    expect(await json(await send('STU001', 'POST', `/api/events/${event.id}/registration`))).toEqual({
      registered: true,
      current_attendees: 1,
    });
    const again = await send('STU001', 'POST', `/api/events/${event.id}/registration`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(M.alreadyRegistered);
    expect((await json<Event>(await send('STU001', 'GET', `/api/events/${event.id}`))).registered).toBe(true);
    expect(await json(await send('USR001', 'POST', `/api/events/${event.id}/registration`))).toMatchObject({
      current_attendees: 2,
    });
    expect(await json(await send('USR001', 'DELETE', `/api/events/${event.id}/registration`))).toEqual({
      registered: false,
      current_attendees: 1,
    });
    const notMine = await send('USR001', 'DELETE', `/api/events/${event.id}/registration`);
    expect((await errorOf(notMine)).error).toBe(M.notRegistered);

    const attendees = await json<{ items: Array<{ name: string }> }>(
      await send('PO001', 'GET', `/api/events/${event.id}/attendees`),
    );
    expect(attendees.items.map((a) => a.name)).toEqual(['Natasha Banda']);
    const csv = await send('ADM001', 'GET', `/api/events/${event.id}/attendees.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('Natasha Banda');
    const lower = await send('PO001', 'PUT', `/api/events/${event.id}`, { ...BODY, max_attendees: 0 });
    expect(lower.status).toBe(400);

    // The bell shows the registered student the event in the week before it.
    const bell = await json<NotificationsResponse>(await send('STU001', 'GET', '/api/notifications'));
    expect(bell.groups.find((g) => g.area === 'events')?.items.map((i) => i.id)).toContain(event.id);

    t.clock.set(new Date('2026-03-19T14:30:00Z'));
    for (const staffId of Object.keys(tokens)) tokens[staffId] = await t.signIn(staffId);
    const closed = await send('DPM001', 'POST', `/api/events/${event.id}/registration`);
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).error).toBe(M.closed);
    expect((await send('STU001', 'DELETE', `/api/events/${event.id}/registration`)).status).toBe(409);
  });

  it('the last free place goes to exactly one of twenty people registering at once', async () => {
    t.clock.set(new Date('2026-03-16T08:00:00Z'));
    const event = await create('PO001', { max_attendees: 3 });
    for (const staffId of ['STU001', 'USR001']) {
      tokens[staffId] = await t.signIn(staffId);
      expect((await send(staffId, 'POST', `/api/events/${event.id}/registration`)).status).toBe(200);
    }
    const racers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const staffId = `RACE${String(i).padStart(3, '0')}`;
        await t.createUser({ staffId, role: 'student', name: `Racer ${i}` });
        return t.signIn(staffId);
      }),
    );
    const answers = await Promise.all(
      racers.map((token) => t.request('POST', `/api/events/${event.id}/registration`, { token })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const full = answers.find((r) => r.status === 409)!;
    expect((await errorOf(full)).error).toBe(M.full);
    expect((await json<Event>(await send('PO001', 'GET', `/api/events/${event.id}`))).current_attendees).toBe(
      3,
    );
    const attendees = await json<{ items: unknown[] }>(
      await send('PO001', 'GET', `/api/events/${event.id}/attendees`),
    );
    expect(attendees.items).toHaveLength(3);
  });

  it('one person registering twice at once holds one place; once full, they still hear they are registered', async () => {
    t.clock.set(new Date('2026-03-16T08:00:00Z'));
    const event = await create('PO001', { max_attendees: 1 });
    tokens.STU001 = await t.signIn('STU001');
    const both = await Promise.all(
      [0, 1].map(() => send('STU001', 'POST', `/api/events/${event.id}/registration`)),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await errorOf(both.find((r) => r.status === 409)!)).error).toBe(M.alreadyRegistered);
    const again = await send('STU001', 'POST', `/api/events/${event.id}/registration`);
    expect((await errorOf(again)).error).toBe(M.alreadyRegistered);
    tokens.USR001 = await t.signIn('USR001');
    const full = await send('USR001', 'POST', `/api/events/${event.id}/registration`);
    expect((await errorOf(full)).error).toBe(M.full);
    const record = await json<Event>(await send('USR001', 'GET', `/api/events/${event.id}`));
    expect(record).toMatchObject({ current_attendees: 1, registered: false });
  });
});

describe('lists and files', () => {
  it('filters, searches by tag, counts by type; the calendar file names the event', async () => {
    const event = await create('DPM001', {
      type: 'seminar',
      title: 'Study skills, part 1; notes',
      tags: ['study'],
    });
    // What has begun comes after what is still to come.
    const past = await create('DPM001', {
      title: 'Last week',
      date: '2026-03-10',
      registration_deadline: '2026-03-09T10:00:00+02:00',
    });
    const order = (await json<EventListResponse>(await send('USR001', 'GET', '/api/events?pageSize=200')))
      .items;
    expect(order.at(-1)?.id).toBe(past.id);
    expect(order[0]!.starts_at >= '2026-03-16').toBe(true);
    const list = await json<EventListResponse>(
      await send('USR001', 'GET', '/api/events?type=seminar&q=study'),
    );
    expect(list.items.map((e) => e.id)).toContain(event.id);
    expect(list.counts.seminar).toBeGreaterThanOrEqual(1);
    expect(list.counts.total).toBeGreaterThanOrEqual(list.counts.seminar);
    const ics = await send('STU001', 'GET', `/api/events/${event.id}/event.ics`);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('content-disposition')).toBe(
      'attachment; filename="study-skills-part-1-notes.ics"',
    );
    const text = await ics.text();
    expect(text).toContain('BEGIN:VEVENT\r\n');
    expect(text).toContain('DTSTART:20260320T123000Z');
    expect(text).toContain('SUMMARY:Study skills\\, part 1\\; notes');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
