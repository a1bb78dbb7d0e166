import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ApprovalsIcon from '@mui/icons-material/FactCheckOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ExceptionsIcon from '@mui/icons-material/ReportProblemOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import ReportsIcon from '@mui/icons-material/AssessmentOutlined';
import TermsIcon from '@mui/icons-material/TranslateOutlined';
import TripsIcon from '@mui/icons-material/RouteOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { paths } from '../../app/paths';

interface Capability {
  title: string;
  text: string;
  Icon: typeof SvgIcon;
}

const CAPABILITIES: readonly Capability[] = [
  { title: 'Live map', text: 'Where every driver is and how each trip is going.', Icon: MapIcon },
  {
    title: 'Trip planning',
    text: 'One-off and scheduled trips with their stops and tasks.',
    Icon: TripsIcon,
  },
  { title: 'Approvals', text: 'Review the proof drivers send and accept or reject it.', Icon: ApprovalsIcon },
  { title: 'Exceptions', text: 'Late starts and other problems, as they happen.', Icon: ExceptionsIcon },
  { title: 'Reports', text: 'Working hours, finance summaries and logs per driver.', Icon: ReportsIcon },
  {
    title: 'Your own words',
    text: 'Each organisation names its drivers, trips and vehicles.',
    Icon: TermsIcon,
  },
];

/** The public home: what the product is, and the way in. */
export function HomePage() {
  return (
    <Box
      sx={(theme) => ({
        background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.07)} 0%, ${theme.palette.background.paper} 70%)`,
      })}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 12 } }}>
        <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography
              component="p"
              sx={{
                color: 'primary.main',
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                fontSize: '0.8rem',
                mb: 2,
              }}
            >
              Fleet operations console
            </Typography>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', md: '3rem' }, lineHeight: 1.15, mb: 2.5 }}
            >
              Every driver, vehicle and trip in one place
            </Typography>
            <Typography
              color="text.secondary"
              sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, mb: 4, maxWidth: 520 }}
            >
              Fleet Console is where school-bus, delivery and field-service teams watch their drivers on a
              live map, plan trips, approve completed work, catch exceptions and read their reports.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={RouterLink}
                to={paths.login.getHref()}
                variant="contained"
                size="large"
                endIcon={<ArrowForwardIcon />}
                sx={{ px: 4, py: 1.5 }}
              >
                Log in
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component="ul"
              aria-label="What it does"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              }}
            >
              {CAPABILITIES.map(({ title, text, Icon }) => (
                <Box
                  component="li"
                  key={title}
                  sx={(theme) => ({
                    p: 2.5,
                    borderRadius: '14px',
                    bgcolor: 'background.paper',
                    border: `1px solid ${theme.palette.divider}`,
                    display: 'flex',
                    gap: 2,
                  })}
                >
                  <Box
                    aria-hidden
                    sx={(theme) => ({
                      width: 40,
                      height: 40,
                      flexShrink: 0,
                      borderRadius: '10px',
                      display: 'grid',
                      placeItems: 'center',
                      color: 'primary.main',
                      bgcolor: alpha(theme.palette.primary.main, 0.1),
                    })}
                  >
                    <Icon fontSize="small" />
                  </Box>
                  <Box>
                    <Typography component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
