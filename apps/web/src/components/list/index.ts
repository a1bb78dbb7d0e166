export { ListPage, newestFirst, type ListPageProps } from './list-page';
export { ListView, type ListViewProps } from './list-view';
export { LIST_REFRESH_MS } from './use-list';
export type {
  ListColumn,
  ListComponent,
  ListConfig,
  ListQuery,
  ListRemove,
  RowAction,
  RowMenuItem,
  TListPage,
  TListParams,
  TListRow,
  TListSort,
} from './list-types';
