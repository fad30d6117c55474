import { type AnyColumn, getTableName, sql } from 'drizzle-orm';

/**
 * The column with its table's name. Drizzle leaves the table out of a query on one table, and
 * inside a subquery a bare "id" would name the subquery's own column.
 */
export const qualified = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
