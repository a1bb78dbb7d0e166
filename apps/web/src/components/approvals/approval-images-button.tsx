import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import { MESSAGES } from '@fleet/contract';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { ImageCarousel } from '../image-carousel';

/**
 * The proof photos of an approval request: a button with their count opening them in a carousel,
 * or 'No image to display.' when there are none (spec 000 "Pending Manager Approval").
 */
export function ApprovalImagesButton({ images, title }: { images: string[]; title: string }) {
  const [open, setOpen] = useState(false);
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  if (images.length === 0)
    return (
      <Typography variant="body2" color="text.disabled" sx={{ whiteSpace: 'nowrap' }}>
        {MESSAGES.approvals.noImage}
      </Typography>
    );

  const count = `${images.length} image${images.length === 1 ? '' : 's'}`;
  return (
    <>
      <Button
        size="small"
        startIcon={<PhotoLibraryOutlined fontSize="small" />}
        onClick={() => setOpen(true)}
        aria-label={`${count}: ${title}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {count}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullScreen={fullScreen}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: fullScreen ? {} : { width: 800, maxWidth: '95vw' } } }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <ImageCarousel images={images} alt={title} height={fullScreen ? 420 : 480} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
