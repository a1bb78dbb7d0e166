export { ApprovalStatusChip, approvalStatusLabel } from './approval-status-chip';
export { ApprovalImagesButton } from './approval-images-button';
export { ApprovalDecisionDialog, type ApprovalDecisionDialogProps } from './approval-decision-dialog';
export { ManagerApprovalsTable, type ManagerApprovalsTableProps } from './manager-approvals-table';
export { approvalColumns, approvalDriverName } from './approval-columns';
export {
  ClientApprovalsTable,
  clientApprovalLabel,
  type ClientApprovalsTableProps,
} from './client-approvals-table';
export {
  APPROVAL_SEARCH_MAX,
  ApprovalsTable,
  useApprovalSearch,
  type ApprovalsTableProps,
} from './approvals-table';
