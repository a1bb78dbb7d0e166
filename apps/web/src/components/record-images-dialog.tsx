import { useId, type ReactNode } from 'react';
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
 * The frame pictures are shown in: a dialog 800 px wide (full screen below 1024 px) with the
 * record's name as its title and a Close button.
 */
export function PicturesDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The carousel, given the height it may take. */
  children: (height: number) => ReactNode;
}) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 800, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{open && children(fullScreen ? 420 : 480)}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A record's pictures (a refuel's receipt, an accident's photos) read by its `…/get-images` call,
 * in the shared carousel cycling every 5 s, or 'No images available.' (spec 001 §8).
 */
export function RecordImagesDialog<TKey extends QueryKey>({
  images,
  title,
  onClose,
}: RecordImagesDialogProps<TKey>) {
  return (
    <PicturesDialog open={images !== null} title={title} onClose={onClose}>
      {(height) => images && <Pictures query={images} alt={title} height={height} />}
    </PicturesDialog>
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
