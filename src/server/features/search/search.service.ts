import type { SearchResponse } from '../../../contracts/search';
import { SEARCH_RESULTS_PER_AREA, searchMode } from '../../../domain/search';
import type { AppDeps, SessionUser } from '../../app-env';
import type { SearchSource } from '../../area-sources';
import { allowanceSearch } from '../allowances/allowances.service';
import { announcementSearchSource } from '../announcements/announcements.service';
import { issueSearchSource } from '../case-work/issues.service';
import { taskSearchSource } from '../case-work/tasks.service';
import { institutionSearch, landlordSearch } from '../corporate/corporate.service';
import { eventSearchSource } from '../events/events.service';
import { formSearchSource } from '../forms-files/form-sources.service';
import { fileSearchSource } from '../forms-files/student-files.service';
import { storySearchSource } from '../impact-stories/impact-stories.service';
import { librarySearchSource } from '../library/library.service';
import { studentSearch } from '../students/students.service';
import { userSearchSource } from '../users/directory.service';
import { yearbookEntrySearch } from '../yearbook/yearbook-entries.service';

/**
 * Every area the top bar searches, in the order its groups are shown. A new area declares its
 * SearchSource in its service file and adds it here.
 */
const SEARCH_SOURCES: readonly SearchSource[] = [
  studentSearch,
  taskSearchSource,
  issueSearchSource,
  formSearchSource,
  fileSearchSource,
  allowanceSearch,
  landlordSearch,
  institutionSearch,
  storySearchSource,
  yearbookEntrySearch,
  announcementSearchSource,
  eventSearchSource,
  librarySearchSource,
  userSearchSource,
];

/** The top bar's search: each area the user may read, its records in the user's scope (D9, D11, D17). */
export async function searchEverything(deps: AppDeps, user: SessionUser, q: string): Promise<SearchResponse> {
  const term = { text: q, mode: searchMode(q) };
  const readable = SEARCH_SOURCES.filter((source) => source.readableBy(user));
  const found = await Promise.all(
    readable.map((source) => source.search(deps, user, term, SEARCH_RESULTS_PER_AREA)),
  );
  const groups = readable
    .map((source, i) => ({ area: source.area, label: source.label, items: found[i]! }))
    .filter((group) => group.items.length > 0);
  return { q, groups };
}
