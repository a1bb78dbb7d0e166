import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ExportButton, type ExportButtonProps } from '../export-button';
import { ImportDialog, type ImportDialogProps } from '../import-dialog';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../page-header';
import { ListBody } from './list-view';
import type { ListComponent, ListConfig, TListParams, TListRow } from './list-types';
import { useList } from './use-list';

/** What a page adds to a list's configuration. */
export interface ListPageMore {
  /** Page heading (h1), in the tenant's words; also names the table. */
  title: string;
  icon?: ReactNode;
  /** Add button: its label and what it does (usually opens the page's dialog). */
  add?: { label: string; onClick: () => void };
  /** Export button: the server's .xlsx of the current search, and of the dates and filters `query` adds. */
  exportFile?: {
    path: string;
    fileName: string;
    query?: (params: TListParams) => Record<string, string | undefined>;
    /** Exported in the background when over the direct export's limit (see ExportButton). */
    background?: ExportButtonProps['background'];
  };
  /** Import button and dialog; `onImported` refreshes what an import changed. */
  importFile?: Pick<ImportDialogProps, 'title' | 'columns' | 'previewPath' | 'importPath' | 'onImported'>;
  /** More buttons beside Add and Export. */
  toolbar?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

export type ListPageProps<T extends TListRow, TData, TKey extends QueryKey> = ListConfig<T, TData, TKey> &
  ListPageMore;

/** Newest first: the order of the registry lists the server answers whole (spec 001 §2). */
export const newestFirst = (a: TListRow, b: TListRow) => b.id - a.id;

/**
 * A console list screen (spec 001 §2): heading with icon, Add / Export / Import, the date range,
 * search and filters, a table paged on the server (`serverPage`) or here (rows the server answers
 * whole, newest id first unless `order` says otherwise), row actions, loading, empty and error
 * states, and an optional auto-refresh. Every list screen is a configuration of it.
 */
export const ListPage: ListComponent<ListPageMore> = function ListPage<
  T extends TListRow,
  TData,
  TKey extends QueryKey,
>(props: ListPageProps<T, TData, TKey>) {
  const { title, icon, add, exportFile, importFile, toolbar, children } = props;
  const list = useList({
    ...props,
    searchLabel: props.searchLabel ?? 'Search',
    order: props.order ?? newestFirst,
  });
  const [importing, setImporting] = useState(false);

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={title} icon={icon}>
        {add && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
        {exportFile && (
          <ExportButton
            path={exportFile.path}
            fileName={exportFile.fileName}
            search={list.params.search}
            query={exportFile.query?.(list.params)}
            background={exportFile.background}
          />
        )}
        {importFile && (
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            Import
          </Button>
        )}
        {toolbar}
      </PageHeader>

      <Paper variant="outlined">
        <ListBody list={list} config={props} label={title} />
      </Paper>

      {importFile && <ImportDialog {...importFile} open={importing} onClose={() => setImporting(false)} />}
      {children}
    </Box>
  );
};
