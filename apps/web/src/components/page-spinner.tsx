import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner centred in the space it is given (the whole screen by default). */
export function PageSpinner({
  fullScreen = true,
  label = 'Loading',
}: {
  fullScreen?: boolean;
  label?: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullScreen ? '100vh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
