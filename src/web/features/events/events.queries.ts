import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attendee, Event, EventListResponse } from '../../../contracts/events';
import { ApiError, api, errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';

const keys = queryKeys.events;

export const EVENTS_PAGE_SIZE = 20;

export const eventPath = (id: string) => `/api/events/${encodeURIComponent(id)}`;
export const registrationPath = (id: string) => `${eventPath(id)}/registration`;
/** The attendee list as a CSV file (the server sends it as a download). */
export const attendeesCsvHref = (id: string) => `${eventPath(id)}/attendees.csv`;
/** The event as a calendar file (.ics), for Add to Calendar. */
export const calendarHref = (id: string) => `${eventPath(id)}/event.ics`;

/** The server's reason for a failure, or the product's words when it sent none. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { failed: 'The server could not answer. Please try again.', network: NETWORK_MESSAGE });

/** The list's API query string, in the order the server documents: q, type, status, page, pageSize. */
export function listQuery(params: { q: string; type: string; status: string; page: number }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.status) search.set('status', params.status);
  search.set('page', String(params.page));
  search.set('pageSize', String(EVENTS_PAGE_SIZE));
  return search.toString();
}

export function useEvents(query: string) {
  return useQuery({
    queryKey: keys.list(query),
    ...queryOf<EventListResponse>(`/api/events?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One event, for a link (`?open=<id>`, the bell) to one not on the page shown. */
export function useEvent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.one(id),
    ...queryOf<Event>(eventPath(id)),
    enabled: enabled && id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** Who registered: only the organizer or an admin may ask (`enabled`). */
export function useAttendees(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.attendees(id),
    ...queryOf<{ items: Attendee[] }>(`${eventPath(id)}/attendees`),
    enabled,
  });
}

function useEventsMutation<TArgs, TResult>(call: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useSaveEvent = () =>
  useEventsMutation(({ id, body }: { id?: string; body: unknown }) =>
    id ? api.put<Event>(eventPath(id), body) : api.post<Event>('/api/events', body),
  );

export const useDeleteEvent = () => useEventsMutation((id: string) => api.delete<void>(eventPath(id)));

/** Register (`register: true`) or cancel a registration; the list refreshes after either. */
export const useRegistration = () =>
  useEventsMutation(({ id, register }: { id: string; register: boolean }) =>
    register
      ? api.post<{ registered: boolean; current_attendees: number }>(registrationPath(id))
      : api.delete<{ registered: boolean; current_attendees: number }>(registrationPath(id)),
  );

/** The list, one event and Delete, as the list kit's `useRecordScreen` asks for them. */
export const EVENT_QUERIES = {
  useList: useEvents,
  listQuery,
  pageSize: EVENTS_PAGE_SIZE,
  useOne: useEvent,
  useDelete: useDeleteEvent,
  reasonOf,
};
