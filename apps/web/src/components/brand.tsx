import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import { PRODUCT_NAME } from '../lib/product';

export { PRODUCT_NAME };

/** The product mark: an icon tile, and the name unless `iconOnly`. */
export function Brand({ iconOnly = false, inverted = false }: { iconOnly?: boolean; inverted?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: '10px',
          bgcolor: inverted ? 'common.white' : 'primary.main',
          color: inverted ? 'primary.main' : 'primary.contrastText',
        }}
      >
        <LocalShippingRoundedIcon fontSize="small" />
      </Box>
      {!iconOnly && (
        <Typography
          component="span"
          sx={{
            fontWeight: 700,
            fontSize: '1.1rem',
            whiteSpace: 'nowrap',
            color: inverted ? 'common.white' : 'text.primary',
          }}
        >
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
