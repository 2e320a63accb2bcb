import { uploadFile, uploadLink, uploadPictureOfClient, uploadTmp } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { registerUploads } from '../../platform/uploads.ts';
import type { UploadsService } from './service.ts';

type FileRequest = Parameters<Parameters<typeof registerCall>[3]>[0];

/** The one picture of a multipart request (field `file`), within the size limit. */
async function pictureOf(request: FileRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UPL00001');
  const file = await request.file({ limits: { files: 1 } }).catch(() => undefined);
  if (!file) throw new AppError('UPL00001');
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPL00002', { mb: 8 });
    throw new AppError('UPL00001');
  });
}

export function uploadRoutes({ app, services, resolveSession }: AppContext) {
  const files: UploadsService = services.uploads;
  const user = (request: { session: { subjectId: string } | null }) => request.session?.subjectId as string;

  registerUploads(app, (scope) => {
    registerCall(scope, uploadPictureOfClient, resolveSession, async (request) =>
      files.upload(user(request), 'pictureofclient', await pictureOf(request as FileRequest)),
    );
    registerCall(scope, uploadTmp, resolveSession, async (request) =>
      files.upload(user(request), 'tmp', await pictureOf(request as FileRequest)),
    );
  });

  registerCall(app, uploadLink, resolveSession, async (request) =>
    files.link(await files.own(user(request), request.query.id)),
  );

  // The signed link's target: the link is the permission (handed only to the owner and reviewing
  // staff), short-lived; the answer is never cached by a shared cache.
  app.get(
    uploadFile.path,
    {
      schema: { tags: ['uploads'], summary: 'A private file, through its signed link', querystring: uploadFile.query },
    },
    async (request, reply) => {
      const object = await files.serve(request.query as { key: string; exp: number; sig: string });
      return reply
        .type(object.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(object.body);
    },
  );
}
