import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { EVENT_STATUSES, EVENT_TYPES, EVENT_MESSAGES as M } from '../domain/events';
import { PageQuerySchema, tiledPageSchema } from './common';
import {
  blankAsNull,
  choiceFilter,
  choiceOr,
  optionalTextField,
  requiredTextField,
  searchField,
  webAddressField,
} from './fields';

/*
 * Excel Beyond Events (docs/product.md §2, §3, §4): `date` and `time` are the Lusaka day and time it
 * starts; `registration_deadline` an ISO timestamp; `current_attendees` counts registrations.
 */

export const EventInputSchema = z
  .object({
    title: requiredTextField('Title', M.titleRequired, 200),
    description: requiredTextField('Description', M.descriptionRequired, 5000),
    type: choiceOr('Type', EVENT_TYPES, 'workshop'),
    date: z.string({ message: M.dateRequired }).trim().refine(isIsoDate, { message: M.dateRequired }),
    time: z
      .string({ message: M.timeRequired })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be written HH:MM (24-hour)' }),
    location: optionalTextField('Location', 300),
    is_virtual: z.boolean().default(false),
    virtual_link: webAddressField('Virtual link', 'The virtual link must be a web address (https://...)'),
    max_attendees: blankAsNull(
      z.coerce
        .number({ message: 'Maximum attendees must be a whole number' })
        .int({ message: 'Maximum attendees must be a whole number' })
        .min(1, { message: 'Maximum attendees must be at least 1' })
        .max(100_000, { message: 'Maximum attendees must be at most 100000' })
        .nullish(),
    ),
    registration_deadline: z.iso.datetime({ offset: true, message: M.deadlineRequired }),
    status: choiceOr('Status', EVENT_STATUSES, 'upcoming'),
    image_url: webAddressField('Image', 'The image must be a web address (https://...)'),
    requirements: optionalTextField('Requirements', 2000),
    tags: z
      .array(z.string().trim().min(1).max(40, { message: 'A tag must be at most 40 characters' }), {
        message: 'Tags must be a list',
      })
      .max(20, { message: 'At most 20 tags' })
      .default([]),
  })
  .meta({ id: 'EventInput' });
export type EventInput = z.output<typeof EventInputSchema>;
export type EventFormInput = z.input<typeof EventInputSchema>;

export const EventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    type: z.enum(EVENT_TYPES),
    date: z.string(),
    time: z.string(),
    /** When it starts, as an ISO timestamp (its date and time in Lusaka). */
    starts_at: z.string(),
    location: z.string().nullable(),
    is_virtual: z.boolean(),
    virtual_link: z.string().nullable(),
    organizer_id: z.string().nullable(),
    organizer_name: z.string(),
    max_attendees: z.number().int().nullable(),
    current_attendees: z.number().int(),
    registration_deadline: z.string(),
    status: z.enum(EVENT_STATUSES),
    image_url: z.string().nullable(),
    requirements: z.string().nullable(),
    tags: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
    /** Whether the caller is registered (last: the list adds it to what the event's row keeps). */
    registered: z.boolean(),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof EventSchema>;

export const EventListQuerySchema = PageQuerySchema.extend({
  q: searchField().meta({ description: 'Matches the title, description, location and tags, ignoring case' }),
  type: choiceFilter('Type', EVENT_TYPES),
  status: choiceFilter('Status', EVENT_STATUSES),
});
export type EventListQuery = z.output<typeof EventListQuerySchema>;

/** The count cards, over every event. */
const EVENT_TILES = ['workshop', 'seminar', 'networking', 'graduation', 'total'] as const;
export const EventListResponseSchema = tiledPageSchema(EventSchema, EVENT_TILES).meta({ id: 'EventList' });
export type EventListResponse = z.infer<typeof EventListResponseSchema>;

export const AttendeeSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: z.string(),
    registered_at: z.string(),
  })
  .meta({ id: 'Attendee' });
export type Attendee = z.infer<typeof AttendeeSchema>;
export const AttendeeListSchema = z.object({ items: z.array(AttendeeSchema) }).meta({ id: 'AttendeeList' });

export const RegistrationSchema = z
  .object({ registered: z.boolean(), current_attendees: z.number().int() })
  .meta({ id: 'Registration' });
