import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { NotificationHistory } from './notification-history';
import { SendNotificationForm } from './send-notification-form';

/** The driver the route preselects (`?driver_id=7&driverName=Sara%20Ali`), or none. */
export function preselectedDriver(params: URLSearchParams): { id: number; name: string } | null {
  const id = Number(params.get('driver_id'));
  if (!params.get('driver_id') || !Number.isInteger(id) || id <= 0) return null;
  return { id, name: params.get('driverName')?.trim() ?? '' };
}

/**
 * /push-notifications (spec 002 "Notifications", route PushNotification), the Communication
 * Channel: send a text or voice message to one driver or to all, and see what was sent, when it
 * was seen and whether it was acknowledged.
 */
export function PushNotificationsPage() {
  const [params] = useSearchParams();
  const preselected = preselectedDriver(params);
  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title="Communication Channel" icon={<CampaignOutlined color="primary" />} />
      <Stack spacing={3}>
        {/* A new preselection (another driver's Notify) starts a fresh form. */}
        <SendNotificationForm key={preselected?.id ?? 'none'} preselected={preselected} />
        <NotificationHistory />
      </Stack>
    </Box>
  );
}
