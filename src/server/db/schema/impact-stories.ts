import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, randomId, searchText, searchTextIndex, updatedAt } from './columns';
import { students } from './students';

/** A kind of story, with the colour its chip shows (docs/product.md §3). */
export const storyCategories = pgTable(
  'story_categories',
  {
    id: randomId(),
    name: text('name').notNull(),
    /** blue, green, purple, orange or pink; an older row with another colour reads as blue. */
    color: text('color').notNull().default('blue'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('story_categories_name_key').on(sql`lower(${t.name})`)],
);

/** A story of what the sponsorship changed, perhaps about a student record (docs/product.md §3). */
export const impactStories = pgTable(
  'impact_stories',
  {
    id: randomId(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    studentName: text('student_name').notNull(),
    studentPhotoUrl: text('student_photo_url'),
    program: text('program'),
    year: integer('year').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => storyCategories.id, { onDelete: 'restrict' }),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    featured: boolean('featured').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedDate: date('approved_date'),
    datePosted: date('date_posted').notNull(),
    viewsCount: integer('views_count').notNull().default(0),
    searchText: searchText(sql`student_name || ' ' || title || ' ' || excerpt`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('impact_stories', t.searchText),
    // The readers' list (story-list-pages.ts): the featured and the other approved stories, each
    // newest posted first, read in this order (their counts come from the impact_stories tally).
    index('impact_stories_posted_idx').on(t.approved, t.featured, t.datePosted, t.createdAt, t.id),
    // Management's list, newest first with the id breaking ties (story-list-pages.ts).
    index('impact_stories_created_idx').on(t.createdAt, t.id),
    index('impact_stories_category_idx').on(t.categoryId),
    check('impact_stories_excerpt_check', sql`char_length(${t.excerpt}) <= 200`),
    check('impact_stories_featured_check', sql`not ${t.featured} or ${t.approved}`),
  ],
);

/** Who opened which story on which Lusaka day: one view per user per story per day (D17). */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => impactStories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId, t.day] })],
);
