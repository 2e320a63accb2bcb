import {
  adminContentGet,
  adminContentList,
  adminContentPreview,
  adminContentSave,
  type ConsoleContentDocument,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

type Row = NonNullable<Awaited<ReturnType<Services['content']['row']>>>;

/** Content is the shop's words: those who keep the catalogue write it. */
const ROLES = ['catalogue'] as const;

const view = (r: Row): ConsoleContentDocument => ({
  key: r.key,
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedBy,
});

/** Content documents: the list, one document's Markdown, writing it (audited) and a server-rendered preview. */
export function contentConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminContentList, ROLES, async (request) =>
    (await services.content.list(request.query.prefix?.trim() || undefined)).map((r) => ({
      ...r,
      updatedAt: r.updatedAt.toISOString(),
    })),
  );

  registerStaffCall(app, services, adminContentGet, ROLES, async (request) => {
    const row = await services.content.row(request.query.key);
    if (!row) throw new AppError('CNT00001');
    return view(row);
  });

  registerStaffCall(app, services, adminContentSave, ROLES, async (request) => {
    const { key, title, body } = request.body;
    const before = await services.content.row(key);
    const after = await services.content.save(key, { title, body }, actorOf(request).login);
    await services.staff.audit(actorOf(request), {
      action: before ? 'content.edit' : 'content.create',
      targetType: 'content',
      targetId: key,
      before: before ? { title: before.title } : undefined,
      after: { title },
    });
    return view(after);
  });

  registerStaffCall(app, services, adminContentPreview, ROLES, async (request) => ({
    html: services.content.preview(request.body.markdown),
  }));
}
