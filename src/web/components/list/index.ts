/** The list kit: every paged list is built from these. Import from here: '../../components/list'. */
export { type DataColumn, DataTable, type DataTableProps } from './data-table';
export { GridCard, TagList } from './grid-card';
export { CardList, type ListFailure, ListTable } from './list-body';
export { ListError } from './list-error';
export {
  FilterSelect,
  type FilterSpec,
  GridListSwitch,
  type LabelsOf,
  ViewSwitch,
} from './list-filters';
export { ListPageHeader } from './list-page-header';
export { ListScreen, type MainAction, type UrlList } from './list-screen';
export { type PagedQuery, tableStateOf } from './paged-query';
export { QueryPager } from './pager';
export {
  DeleteButton,
  DetailsEditDelete,
  EditButton,
  EditDeleteButtons,
  TitleButton,
} from './record-buttons';
export { ListSearchBox, SearchBox } from './search-box';
export { countTiles, type KindLook, type StatTile, StatTiles } from './stat-tiles';
export { useDeleteConfirm } from './use-delete-confirm';
