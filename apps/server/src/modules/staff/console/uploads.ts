import { adminUploadLink } from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Who may open shoppers' private documents (identity pictures, signatures): card reviewers. */
export const DOCUMENT_ROLES = ['cardReview'] as const;

/** A short-lived link to a shopper's private upload; every view is written to the audit log with its reason. */
export function uploadConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminUploadLink, DOCUMENT_ROLES, async (request) => {
    const row = await services.uploads.get(request.query.id);
    if (!row) throw new AppError('UPL00005');
    await services.staff.audit(actorOf(request), {
      action: 'upload.view',
      targetType: 'upload',
      targetId: row.id,
      after: { ownerId: row.userId, purpose: row.purpose, reason: request.query.reason },
    });
    return { ...services.uploads.link(row), ownerId: row.userId };
  });
}
