import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { ZLoginForm, type TLoginForm } from '@fleet/contract';
import { paths } from '../../lib/paths';
import { Brand } from '../../components/brand';
import { CredentialFields } from '../../components/credential-fields';
import { StartupNotice } from '../../components/startup-notice';
import { loginErrorMessage, useLogin } from './api/login';

const HIGHLIGHTS = [
  'Drivers and trips on a live map',
  'Approvals and exceptions as they happen',
  'Working-hours and finance reports',
];

/** A tinted panel beside the form on wide screens; it carries no controls. */
function BrandPanel() {
  return (
    <Box
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        flex: '0 0 42%',
        maxWidth: 560,
        p: 6,
        color: 'common.white',
        background: `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      })}
    >
      <Brand inverted />
      <Box>
        <Typography component="p" sx={{ fontSize: '1.9rem', fontWeight: 700, lineHeight: 1.25, mb: 3 }}>
          Your operations, one console.
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {HIGHLIGHTS.map((text) => (
            <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <CheckCircleIcon
                fontSize="small"
                sx={{ color: (theme) => alpha(theme.palette.common.white, 0.85) }}
              />
              <Typography>{text}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Typography variant="body2" sx={{ opacity: 0.75 }}>
        Access is provided by your organisation&apos;s administrator.
      </Typography>
    </Box>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });

  // handleSubmit validates both fields and submits only when both are valid (spec 000 §5).
  const onSubmit = handleSubmit((credentials) => {
    loginMutation.mutate(credentials, {
      onSuccess: () => navigate(paths.overview.getHref(), { replace: true }),
    });
  });
  const busy = loginMutation.isPending;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <BrandPanel />
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2.5, sm: 4 },
          py: { xs: 2, sm: 3 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Button
            component={RouterLink}
            to={paths.home.getHref()}
            startIcon={<ArrowBackIcon />}
            color="inherit"
          >
            Back
          </Button>
          <Box sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
            <Brand />
          </Box>
        </Box>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: { xs: 4, sm: 6 } }}>
          <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            aria-labelledby="login-title"
            sx={(theme) => ({
              width: '100%',
              maxWidth: 420,
              p: { xs: 3, sm: 5 },
              bgcolor: 'background.paper',
              borderRadius: '16px',
              border: `1px solid ${theme.palette.divider}`,
              boxShadow: `0 12px 40px ${alpha(theme.palette.common.black, 0.06)}`,
            })}
          >
            <Typography id="login-title" variant="h1" sx={{ mb: 1 }}>
              Log in
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              Sign in to your fleet console.
            </Typography>
            <StartupNotice inline />

            {loginMutation.isError && (
              <Alert severity="error" sx={{ mb: 3 }}>
                {loginErrorMessage(loginMutation.error)}
              </Alert>
            )}

            <Stack spacing={2.5}>
              <CredentialFields register={register} errors={errors} />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={busy}
                sx={{ py: 1.4 }}
              >
                {busy ? 'Loading...' : 'Log in'}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              A parent of a school bus pupil?{' '}
              <Link component={RouterLink} to={paths.guardianLogin.getHref()}>
                Parents sign in
              </Link>
            </Typography>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
