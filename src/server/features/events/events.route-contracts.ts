import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  AttendeeListSchema,
  EventInputSchema,
  EventListQuerySchema,
  EventListResponseSchema,
  EventSchema,
  RegistrationSchema,
} from '../../../contracts/events';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * Excel Beyond Events as the OpenAPI document shows them: every signed-in user reads and registers;
 * program officers and above create (403 before the body is read); the organizer or an admin
 * edits, deletes and reads the attendees.
 */

const tags = ['Events'];
const one = { params: IdParamSchema };

export const eventRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Events, soonest first, with the count cards and whether the caller is registered',
    request: { query: EventListQuerySchema },
    responses: {
      200: jsonResponse(EventListResponseSchema, 'A page of events'),
      ...errorResponses(400, 401),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Creates an event organised by the caller (program officers and above)',
    middleware: roleDoor('program_officer'),
    request: jsonBody(EventInputSchema),
    responses: { 201: jsonResponse(EventSchema, 'The event'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One event',
    request: one,
    responses: { 200: jsonResponse(EventSchema, 'The event'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Replaces the event (its organizer or an admin)',
    request: { ...one, ...jsonBody(EventInputSchema) },
    responses: { 200: jsonResponse(EventSchema, 'The event'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes the event and its registrations (its organizer or an admin)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  register: createRoute({
    method: 'post',
    path: '/{id}/registration',
    tags,
    summary: 'Registers the caller: 409 when full, closed or already registered',
    request: one,
    responses: { 200: jsonResponse(RegistrationSchema, 'Registered'), ...errorResponses(401, 404, 409) },
  }),
  cancel: createRoute({
    method: 'delete',
    path: '/{id}/registration',
    tags,
    summary: "Cancels the caller's registration, before the deadline",
    request: one,
    responses: { 200: jsonResponse(RegistrationSchema, 'Cancelled'), ...errorResponses(401, 404, 409) },
  }),
  attendees: createRoute({
    method: 'get',
    path: '/{id}/attendees',
    tags,
    summary: 'Who registered, first come first (its organizer or an admin)',
    request: one,
    responses: { 200: jsonResponse(AttendeeListSchema, 'The attendees'), ...errorResponses(401, 403, 404) },
  }),
  attendeesCsv: createRoute({
    method: 'get',
    path: '/{id}/attendees.csv',
    tags,
    summary: 'The attendee list as a CSV file (its organizer or an admin)',
    request: one,
    responses: { 200: csvDownloadResponse, ...errorResponses(401, 403, 404) },
  }),
  ics: createRoute({
    method: 'get',
    path: '/{id}/event.ics',
    tags,
    summary: 'The event as an iCalendar file, to add to a calendar',
    request: one,
    responses: {
      200: { description: 'iCalendar file', content: { 'text/calendar': { schema: z.string() } } },
      ...errorResponses(401, 404),
    },
  }),
};
