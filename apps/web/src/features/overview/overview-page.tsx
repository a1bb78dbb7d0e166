import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type SvgIcon from '@mui/material/SvgIcon';
import AiIcon from '@mui/icons-material/AutoAwesomeOutlined';
import AnalyticsIcon from '@mui/icons-material/BarChartOutlined';
import ApiIcon from '@mui/icons-material/ApiOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CommunicationIcon from '@mui/icons-material/CampaignOutlined';
import DashboardIcon from '@mui/icons-material/MapOutlined';
import DriversIcon from '@mui/icons-material/BadgeOutlined';
import ExceptionsIcon from '@mui/icons-material/ReportProblemOutlined';
import JourneyIcon from '@mui/icons-material/RouteOutlined';
import TenantsIcon from '@mui/icons-material/SupervisorAccountOutlined';
import VehiclesIcon from '@mui/icons-material/LocalShippingOutlined';
import { pluralize } from '@fleet/contract';
import { paths, type RouteKey } from '../../lib/paths';
import { useIsRouted } from '../../lib/routed';
import { isSuperAdmin, useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';

type IconComponent = typeof SvgIcon;

interface EntryCard {
  title: string;
  text: string;
  href: string;
  route: RouteKey;
  action: string;
  Icon: IconComponent;
}

interface ManagementLink {
  label: string;
  href: string;
  route: RouteKey;
  Icon: IconComponent;
}

function IconTile({ Icon, size = 44 }: { Icon: IconComponent; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '12px',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: alpha(theme.palette.primary.main, 0.1),
      })}
    >
      <Icon />
    </Box>
  );
}

function EntryCards({ cards }: { cards: EntryCard[] }) {
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {cards.map(({ title, text, href, action, Icon }) => (
        <Grid key={href} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
          <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: '14px' }}>
            <CardContent sx={{ flexGrow: 1, p: 3 }}>
              <IconTile Icon={Icon} />
              <Typography variant="h3" component="h2" sx={{ mt: 2, mb: 1 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </CardContent>
            <CardActions sx={{ px: 3, pb: 3, pt: 0 }}>
              {/* The card title names the link for screen readers: "Start" alone says little. */}
              <Button component={RouterLink} to={href} variant="contained" aria-label={`${action}: ${title}`}>
                {action}
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function ManagementCenter({ links }: { links: ManagementLink[] }) {
  return (
    <Box component="section" aria-labelledby="management-center" sx={{ mt: 5 }}>
      <Typography id="management-center" variant="h2" sx={{ mb: 2 }}>
        Management Center
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {links.map(({ label, href, Icon }) => (
          <Grid key={href} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Box
              component={RouterLink}
              to={href}
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                p: 2,
                height: '100%',
                borderRadius: '12px',
                color: 'text.primary',
                textDecoration: 'none',
                bgcolor: 'background.paper',
                border: `1px solid ${theme.palette.divider}`,
                transition: theme.transitions.create(['border-color', 'box-shadow']),
                '&:hover': {
                  borderColor: 'primary.main',
                  boxShadow: `0 4px 16px ${alpha(theme.palette.primary.main, 0.12)}`,
                },
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              <IconTile Icon={Icon} size={40} />
              <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{label}</Typography>
              <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
            </Box>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** The signed-in home (spec 000 "Overview home"). */
export function OverviewPage() {
  const session = useSession();
  const terms = useTerms();
  const isRouted = useIsRouted();
  const trips = pluralize(terms.trip).toLowerCase();
  const drivers = pluralize(terms.driver).toLowerCase();

  // The super admin manages tenants only (spec 000 §1), so the tenant shortcuts would lead nowhere.
  const superAdmin = isSuperAdmin(session);
  // A card or link shows only once its screen exists.
  const allCards: EntryCard[] = superAdmin
    ? [
        {
          title: 'Tenant management',
          text: 'Tenants and their administrators.',
          href: paths.superAdmins.getHref(),
          route: 'superAdmins',
          action: 'Manage',
          Icon: TenantsIcon,
        },
      ]
    : [
        {
          title: 'Create A Journey',
          text: `Plan ${trips} with their ${drivers}, stops and tasks.`,
          href: paths.trips.getHref(),
          route: 'trips',
          action: 'Start',
          Icon: JourneyIcon,
        },
        {
          title: 'Dashboard & Map',
          text: `Today's ${trips}, orders and approvals, with ${drivers} on the map.`,
          href: paths.dashboard.getHref(),
          route: 'dashboard',
          action: 'Operations',
          Icon: DashboardIcon,
        },
        {
          title: 'API catalog',
          text: 'Connect the console to the systems you already use.',
          href: paths.apiCatalog.getHref(),
          route: 'apiCatalog',
          action: 'Explore',
          Icon: ApiIcon,
        },
      ];

  const cards = allCards.filter((card) => isRouted(card.route));

  const allManagement: ManagementLink[] = [
    {
      label: `${terms.driver} management`,
      href: paths.drivers.getHref(),
      route: 'drivers',
      Icon: DriversIcon,
    },
    {
      label: `${terms.bus} management`,
      href: paths.vehicles.getHref(),
      route: 'vehicles',
      Icon: VehiclesIcon,
    },
    {
      label: 'Exception management',
      href: paths.exceptions.getHref(),
      route: 'exceptions',
      Icon: ExceptionsIcon,
    },
    { label: 'AI', href: paths.ai.getHref(), route: 'ai', Icon: AiIcon },
    { label: 'Analytics', href: paths.analytics.getHref(), route: 'analytics', Icon: AnalyticsIcon },
    {
      label: 'Communication Channel',
      href: paths.pushNotifications.getHref(),
      route: 'pushNotifications',
      Icon: CommunicationIcon,
    },
  ];
  const management = allManagement.filter((link) => isRouted(link.route));

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}>
        Good morning, {session?.tenant_name || 'Admin'}!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Where would you like to start?
      </Typography>
      <EntryCards cards={cards} />
      {!superAdmin && management.length > 0 && <ManagementCenter links={management} />}
    </Box>
  );
}
