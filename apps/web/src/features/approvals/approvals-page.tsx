import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ApprovalsIcon from '@mui/icons-material/FactCheckOutlined';
import { ClientApprovalsTable, ManagerApprovalsTable } from '../../components/approvals';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { ApprovalSummaryChart } from './approval-summary-chart';

const TABS = [
  { value: 'manager', label: 'Manager approvals' },
  { value: 'client', label: 'Client approvals' },
] as const;
type TTab = (typeof TABS)[number]['value'];

/** The search parameter holding the tab, so a link or a reload opens the same one. */
export const TAB_PARAM = 'tab';

const tabId = (tab: TTab) => `approvals-tab-${tab}`;
const panelId = (tab: TTab) => `approvals-panel-${tab}`;

/**
 * /approvals (spec 002 "Approvals dashboards"): the manager's requests with the Approval Status
 * Summary above them, and the client's requests (view only), one tab each; the tab is kept in the
 * address (`?tab=client`).
 */
export function ApprovalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TTab = searchParams.get(TAB_PARAM) === 'client' ? 'client' : 'manager';
  const selectTab = (next: TTab) =>
    setSearchParams(
      (params) => {
        if (next === 'manager') params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title="Approvals" icon={<ApprovalsIcon color="primary" />} />
      <Tabs
        value={tab}
        onChange={(_event, next: TTab) => selectTab(next)}
        aria-label="Approvals"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ value, label }) => (
          <Tab key={value} value={value} label={label} id={tabId(value)} aria-controls={panelId(value)} />
        ))}
      </Tabs>
      {/* Only the open tab is mounted: the other's list does not poll in the background. */}
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'manager' ? (
          <Stack spacing={2}>
            <ApprovalSummaryChart />
            <ManagerApprovalsTable />
          </Stack>
        ) : (
          <ClientApprovalsTable />
        )}
      </Box>
    </Box>
  );
}
