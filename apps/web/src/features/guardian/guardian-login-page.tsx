import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZLoginForm, type TLoginForm } from '@fleet/contract';
import { Brand } from '../../components/brand';
import { CredentialFields } from '../../components/credential-fields';
import { useGuardianLogin } from '../../lib/api/guardian';
import { paths } from '../../lib/paths';
import { noteGuardianCookie } from '../../lib/session';
import { loginErrorMessage } from '../../lib/login-error';

/**
 * The parents' sign-in (guardians of a school bus's pupils), apart from the console's: a parent
 * signs in with the e-mail and password the school gave them and lands on their children's photos.
 */
export function GuardianLoginPage() {
  const navigate = useNavigate();
  const login = useGuardianLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: () => {
        noteGuardianCookie(true);
        navigate(paths.guardian.getHref(), { replace: true });
      },
    });
  });
  const busy = login.isPending;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Brand />
      </Box>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 2, sm: 6 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="guardian-login-title"
          sx={(theme) => ({
            width: '100%',
            maxWidth: 420,
            p: { xs: 3, sm: 5 },
            bgcolor: 'background.paper',
            borderRadius: '16px',
            border: `1px solid ${theme.palette.divider}`,
          })}
        >
          <Typography id="guardian-login-title" variant="h1" sx={{ mb: 1 }}>
            Parents sign in
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            See the photos your child&apos;s school bus driver takes at their stop.
          </Typography>
          {login.isError && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {loginErrorMessage(login.error)}
            </Alert>
          )}
          <Stack spacing={2.5}>
            <CredentialFields register={register} errors={errors} />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ py: 1.4 }}>
              {busy ? 'Loading...' : 'Sign in'}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            Your school gives you your sign-in. School staff sign in to the{' '}
            <Link component={RouterLink} to={paths.login.getHref()}>
              console
            </Link>
            .
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
