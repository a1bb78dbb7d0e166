import { useId } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TRecordImage } from '@fleet/contract';
import { MOBILE_MEDIA_QUERY } from '../lib/layout';
import { ImageCarousel } from './image-carousel';

/** The `…/get-images` query of the record whose pictures are shown (its feature's api file builds it). */
export type RecordImagesQuery<TKey extends QueryKey> = UseQueryOptions<
  TRecordImage[],
  Error,
  TRecordImage[],
  TKey
>;

export interface RecordImagesDialogProps<TKey extends QueryKey> {
  /** The pictures to show; null closes the dialog. */
  images: RecordImagesQuery<TKey> | null;
  /** Names the record ("Receipt of refuel 12"): the dialog's title and the pictures' alternative text. */
  title: string;
  onClose: () => void;
}

/**
 * A record's pictures (a refuel's receipt, an accident's photos) in the shared carousel, cycling
 * every 5 s, or 'No images available.' (spec 001 §8); full screen below 1024 px.
 */
export function RecordImagesDialog<TKey extends QueryKey>({
  images,
  title,
  onClose,
}: RecordImagesDialogProps<TKey>) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  return (
    <Dialog
      open={images !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 800, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {images && <Pictures query={images} alt={title} height={fullScreen ? 420 : 480} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Pictures<TKey extends QueryKey>({
  query,
  alt,
  height,
}: {
  query: RecordImagesQuery<TKey>;
  alt: string;
  height: number;
}) {
  const { data, error } = useQuery(query);
  if (error) return <Alert severity="error">Error on loading: {error.message}</Alert>;
  if (!data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading images" />
      </Box>
    );
  return <ImageCarousel images={data.map((image) => image.url)} alt={alt} height={height} />;
}
