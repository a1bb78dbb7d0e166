import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  recordPhotoUrl,
  type TFineRow,
} from '@fleet/contract';
import { ImageCarousel } from '../../components/image-carousel';
import { PicturesDialog } from '../../components/record-images-dialog';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { finePicturesQuery, useAddFinePictures, useRemoveFinePicture } from './api/fines';

/*
 * A fine's pictures (the ticket, the place): a thumbnail and count in the list that opens the
 * shared carousel, and the dialog's field to add and remove them.
 */

const THUMB = 40;
const TILE = 88;

/** The list's cell: the first picture's thumbnail with the count, opening the carousel; a dash without. */
export function FinePicturesCell({ fine, onOpen }: { fine: TFineRow; onOpen: (fine: TFineRow) => void }) {
  const [first] = fine.pictures;
  if (!first) return <Typography color="text.secondary">—</Typography>;
  const count = fine.pictures.length;
  return (
    <Tooltip title={`View ${count} picture${count === 1 ? '' : 's'}`}>
      <ButtonBase
        aria-label={`Pictures of fine ${fine.id} (${count})`}
        onClick={() => onOpen(fine)}
        sx={{ borderRadius: 1 }}
      >
        <Badge badgeContent={count} color="primary" overlap="rectangular">
          <Box
            component="img"
            src={recordPhotoUrl('fines', first.title, 'thumb')}
            alt=""
            sx={{ width: THUMB, height: THUMB, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </Badge>
      </ButtonBase>
    </Tooltip>
  );
}

/** The pictures of one fine in the carousel (spec 002: the cell opens a picture carousel). */
export function FinePicturesViewer({ fine, onClose }: { fine: TFineRow | null; onClose: () => void }) {
  const images = useMemo(
    () => (fine?.pictures ?? []).map((p) => recordPhotoUrl('fines', p.title)),
    [fine?.pictures],
  );
  const title = `Pictures of fine #${fine?.id ?? ''}`;
  return (
    <PicturesDialog open={fine !== null} title={title} onClose={onClose}>
      {(height) => (
        <ImageCarousel images={images} alt={`Pictures of fine ${fine?.id ?? ''}`} height={height} />
      )}
    </PicturesDialog>
  );
}

/** Why a chosen file cannot be sent, checked here first (the server checks again, by content). */
function refusalOf(files: File[], held: number): string | null {
  if (held + files.length > RECORD_PHOTOS_MAX) return MESSAGES.files.tooMany(RECORD_PHOTOS_MAX);
  if (files.some((f) => f.size > RECORD_PHOTO_MAX_BYTES))
    return MESSAGES.files.tooLarge(RECORD_PHOTO_MAX_BYTES / 1024 / 1024);
  if (files.some((f) => f.type !== '' && !f.type.startsWith('image/'))) return MESSAGES.files.notImage;
  return null;
}

interface Tile {
  key: string | number;
  src: string;
  label: string;
  onRemove: () => void;
  busy?: boolean;
}

/** Thumbnails with a remove button each, and the button that adds more. */
function PictureTiles({
  tiles,
  onAdd,
  canAdd,
  adding,
  error,
  help,
}: {
  tiles: Tile[];
  onAdd: (files: File[]) => void;
  canAdd: boolean;
  adding: boolean;
  error: string | null;
  help: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Pictures
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {tiles.map((tile) => (
          <Box key={tile.key} sx={{ position: 'relative', width: TILE, height: TILE }}>
            <Box
              component="img"
              src={tile.src}
              alt={tile.label}
              sx={{ width: TILE, height: TILE, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            <IconButton
              size="small"
              aria-label={`Remove ${tile.label}`}
              disabled={tile.busy}
              onClick={tile.onRemove}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Button
          variant="outlined"
          startIcon={adding ? <CircularProgress size={16} /> : <AddPhotoIcon />}
          disabled={!canAdd || adding}
          onClick={() => input.current?.click()}
          aria-describedby={helpId}
        >
          Add photos
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="fine-photos-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // The same file chosen again must fire a change again.
            event.target.value = '';
            if (files.length) onAdd(files);
          }}
        />
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <FormHelperText id={helpId}>{help}</FormHelperText>
    </Box>
  );
}

const RULES = `Up to ${RECORD_PHOTOS_MAX} images of at most ${RECORD_PHOTO_MAX_BYTES / 1024 / 1024} MB each`;

/** A new fine's pictures: held here and sent with the fine, so both are recorded together. */
export function NewFinePictures({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  // Previews of the chosen files, released when they are no longer shown.
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <PictureTiles
      tiles={files.map((file, i) => ({
        key: `${i}-${file.name}`,
        src: previews[i]!,
        label: file.name,
        onRemove: () => onChange(files.filter((_, j) => j !== i)),
      }))}
      canAdd={files.length < RECORD_PHOTOS_MAX}
      adding={false}
      error={error}
      help={`${RULES}; they are saved with the fine.`}
      onAdd={(added) => {
        const refusal = refusalOf(added, files.length);
        setError(refusal);
        if (!refusal) onChange([...files, ...added]);
      }}
    />
  );
}

/** A recorded fine's pictures: each addition or removal is saved at once, with the server's answer. */
export function SavedFinePictures({ fineId }: { fineId: number }) {
  const snackbar = useSnackbar();
  const pictures = useQuery(finePicturesQuery(fineId));
  const add = useAddFinePictures();
  const remove = useRemoveFinePicture();
  const [error, setError] = useState<string | null>(null);
  const held = pictures.data?.length ?? 0;
  const failed = (e: unknown) =>
    setError(e instanceof ApiError && e.responseMessage ? e.responseMessage : MESSAGES.http.internal);

  if (pictures.isPending) return <CircularProgress size={24} aria-label="Loading pictures" />;
  if (pictures.isError) return <Alert severity="error">{MESSAGES.http.internal}</Alert>;
  return (
    <PictureTiles
      tiles={pictures.data.map((picture, i) => ({
        key: picture.id,
        src: picture.thumb_url,
        label: `picture ${i + 1}`,
        busy: remove.isPending,
        onRemove: () => {
          setError(null);
          remove
            .mutateAsync({ fineId, photoId: picture.id })
            .then(() => snackbar.show(MESSAGES.fines.pictureRemoved, 'success'), failed);
        },
      }))}
      canAdd={held < RECORD_PHOTOS_MAX}
      adding={add.isPending}
      error={error}
      help={`${RULES}; changes to pictures are saved at once.`}
      onAdd={(files) => {
        const refusal = refusalOf(files, held);
        setError(refusal);
        if (refusal) return;
        add
          .mutateAsync({ fineId, photos: files })
          .then(() => snackbar.show(MESSAGES.fines.picturesAdded, 'success'), failed);
      }}
    />
  );
}
