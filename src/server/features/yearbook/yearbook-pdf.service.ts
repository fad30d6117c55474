import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../app-env';
import { memoryWallPosts, yearbookEntries } from '../../db/schema';
import { fetchPhotos, PHOTO_FETCH_LIMITS } from './photo-fetch';
import { yearbookPdf } from './yearbook-pdf';
import { entryDto, memoryDto, selectEntries, visibleYearbook } from './yearbook-records';

/**
 * Download PDF: the yearbook as whoever asks sees it, with its approved graduates only (a printed
 * yearbook holds what was approved, whoever prints it) and the whole memory wall. The photos are
 * fetched first, within PHOTO_FETCH_LIMITS; then the document streams out as it is drawn.
 */
export async function yearbookPdfDownload(deps: AppDeps, user: SessionUser, id: string) {
  const yearbook = await visibleYearbook(deps.db, user, id);
  const [entries, memories] = await Promise.all([
    selectEntries(deps.db)
      .where(and(eq(yearbookEntries.yearbookId, id), eq(yearbookEntries.status, 'approved')))
      .orderBy(asc(yearbookEntries.studentName), asc(yearbookEntries.id)),
    deps.db
      .select()
      .from(memoryWallPosts)
      .where(eq(memoryWallPosts.yearbookId, id))
      .orderBy(desc(memoryWallPosts.createdAt), desc(memoryWallPosts.id)),
  ]);
  const graduates = entries.map(entryDto);
  const photos = await fetchPhotos(
    graduates.flatMap((g) => (g.photo_url ? [g.photo_url] : [])),
    { ...PHOTO_FETCH_LIMITS, allowPrivateNetwork: deps.config.photoFetchPrivateNetwork },
  );
  const document = yearbookPdf({
    year: yearbook.year,
    title: yearbook.title,
    theme: yearbook.theme,
    graduates,
    memories: memories.map(memoryDto),
    photos,
  });
  return { document, filename: `yearbook-class-of-${yearbook.year}.pdf` };
}
