import { z } from 'zod';
import { RECORD_PHOTO_FOLDERS, ZPhotoTitle } from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import { ACCESS } from '../../platform/principal.ts';
import { photoFile } from './service.ts';

export const fileRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/files/:folder/:title',
    {
      // The tenant's admins, and the driver who sent the picture: no other driver, no other tenant.
      config: { access: [...ACCESS.tenantAdmin, ...ACCESS.driver] },
      schema: {
        tags: ['Files'],
        summary:
          'A picture of a fine, accident, refuel or vehicle change request, by its folder and title (`?size=thumb` for the list thumbnail)',
        params: z.object({ folder: z.enum(RECORD_PHOTO_FOLDERS), title: ZPhotoTitle }),
        querystring: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
      },
    },
    async (r, reply) => {
      const file = await photoFile(
        tenantContext(r, deps),
        deps.storage,
        r.params.folder,
        r.params.title,
        r.query.size,
      );
      return sendStoredFile(reply, file);
    },
  );
};
