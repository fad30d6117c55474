import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { queryOf } from '../../lib/query-of';
import type { Partner, PartnerKindName } from './corporate-kinds';

const keys = queryKeys.corporate;

/** A page of either list (LandlordListResponse or InstitutionListResponse). */
interface PartnerPage {
  items: Partner[];
  total: number;
  page: number;
  pageSize: number;
}
export const CORPORATE_PAGE_SIZE = 24;

/** GET /api/landlords or /api/institutions with the list's search, signed filter and page. */
export function usePartnerList(
  kind: PartnerKindName,
  params: { q: string; signed: '' | 'true' | 'false'; page: number },
  signedParam: string,
) {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.signed) search.set(signedParam, params.signed);
  search.set('page', String(params.page));
  search.set('pageSize', String(CORPORATE_PAGE_SIZE));
  const query = search.toString();
  return useQuery({
    queryKey: keys.list(kind, query),
    ...queryOf<PartnerPage>(`/api/${kind}?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The export of what the list shows (search and filter, every page). */
export function exportHref(
  kind: PartnerKindName,
  params: { q: string; signed: string },
  signedParam: string,
) {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.signed) search.set(signedParam, params.signed);
  const query = search.toString();
  return `/api/${kind}/export.csv${query ? `?${query}` : ''}`;
}

function useRefreshCorporate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

/** POST (no id) or PUT (an id) of the form's values. */
export function useSavePartner(kind: PartnerKindName) {
  const refresh = useRefreshCorporate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
      id
        ? api.put<Partner>(`/api/${kind}/${encodeURIComponent(id)}`, body)
        : api.post<Partner>(`/api/${kind}`, body),
    onSuccess: () => refresh(),
  });
}

export function useDeletePartner(kind: PartnerKindName) {
  const refresh = useRefreshCorporate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/${kind}/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

/** Partners listed at most (the API's largest page): the programme has a few dozen of each. */
const PICKER_SIZE = 200;

/**
 * The landlords or institutions as choices for a student's record (the profile form's pickers):
 * 'Not linked' first, then each record by name.
 */
export function usePartnerOptions(kind: PartnerKindName) {
  return useQuery({
    queryKey: keys.list(kind, `picker`),
    ...queryOf<PartnerPage>(`/api/${kind}?pageSize=${PICKER_SIZE}`),
    staleTime: 60_000,
    select: (page) => [
      { value: '', label: 'Not linked' },
      ...page.items
        .map((p) => ({
          value: p.id,
          label: 'boarding_house_name' in p ? `${p.name} (${p.boarding_house_name})` : p.institution_name,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
  });
}
