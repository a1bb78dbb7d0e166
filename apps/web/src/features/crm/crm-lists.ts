import { CRM_MESSAGES, CRM_PAGE_SIZE, MESSAGES } from '@fleet/contract';
import type { ListRemove } from '../../components/list';

/** Rows per page of the CRM lists: the API's default page, and the sizes it takes (up to 100). */
export const CRM_PAGING = { size: CRM_PAGE_SIZE, options: [10, 25, 50, 100] } as const;

/** Delete of a CRM record with the shared question, answered in the record's name ('Contact'). */
export const crmRemove = <T extends { id: number }>(
  noun: string,
  deleteRow: (id: number) => Promise<unknown>,
): ListRemove<T> => ({
  question: () => MESSAGES.deleteQuestion(noun.toLowerCase()),
  run: (row) => deleteRow(row.id),
  successMessage: CRM_MESSAGES.deleted(noun),
});
