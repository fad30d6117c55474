/** The list kit: every paged list is built from these. Import from here: '../../components/list'. */
export { type DataColumn, DataTable, type DataTableProps } from './data-table';
export { ListError } from './list-error';
export { ListPageHeader } from './list-page-header';
export { type PagedQuery, tableStateOf } from './paged-query';
export { QueryPager } from './pager';
export { SearchBox } from './search-box';
export { type StatTile, StatTiles } from './stat-tiles';
