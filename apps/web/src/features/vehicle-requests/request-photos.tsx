import { useState } from 'react';
import Button from '@mui/material/Button';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import type { TVehicleRequestRow } from '@fleet/contract';
import { RecordImagesDialog } from '../../components/record-images-dialog';
import { vehicleRequestImagesQuery } from './api/vehicle-requests';
import { personName } from './vehicle-request-texts';

/**
 * A request's photos (the `vehicles` folder): a Photos button with their count opening them in the
 * shared carousel. Without photos the button is disabled and says so.
 */
export function RequestPhotosButton({ request }: { request: TVehicleRequestRow }) {
  const [open, setOpen] = useState(false);
  const count = request.pictures.length;
  const title = `Photos of request #${request.id} by ${personName(request.driver)}`;
  return (
    <>
      <Button
        size="small"
        startIcon={<PhotoLibraryOutlined fontSize="small" />}
        onClick={() => setOpen(true)}
        disabled={count === 0}
        aria-label={count === 0 ? `No photos: ${title}` : `Photos (${count}): ${title}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {count === 0 ? 'No photos' : `Photos (${count})`}
      </Button>
      <RecordImagesDialog
        images={open ? vehicleRequestImagesQuery(request.id) : null}
        title={title}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
