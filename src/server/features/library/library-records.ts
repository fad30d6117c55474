import { eq, sql } from 'drizzle-orm';
import type { Resource } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M, type ResourceCategory, type ResourceType } from '../../../domain/library';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { qualified } from '../../db/qualified';
import { recordColumns } from '../../db/record-columns';
import { libraryRatings, libraryResources } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Resources as read, each with the viewer's own stars: the record's answer and the list's items. */

export function selectResources(db: DbOrTx, viewerId: string) {
  return db
    .select({
      resource: recordColumns(libraryResources),
      myRating: sql<
        number | null
      >`(select r.stars from ${libraryRatings} r where r.resource_id = ${qualified(libraryResources.id)} and r.user_id = ${viewerId})`,
    })
    .from(libraryResources);
}
export type Row = Awaited<ReturnType<ReturnType<typeof selectResources>['where']>>[number];

export function resourceDto({ resource: r, myRating }: Row): Resource {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    author: r.author,
    tags: r.tags,
    type: r.type as ResourceType,
    category: r.category as ResourceCategory,
    thumbnail_url: r.thumbnailUrl,
    duration: r.duration,
    url: r.url,
    has_file: r.storageKey !== null,
    file_name: r.fileName,
    mime_type: r.mimeType,
    downloads: r.downloads,
    rating_average: Number(r.ratingAverage),
    rating_count: r.ratingCount,
    my_rating: myRating === null ? null : Number(myRating),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function found(db: DbOrTx, user: SessionUser, id: string): Promise<Row> {
  const [row] = await selectResources(db, user.id).where(eq(libraryResources.id, id));
  if (!row) throw notFound(M.notFound);
  return row;
}

export const resourceSearch = (q: string | undefined) => textSearch(libraryResources.searchText, q);
