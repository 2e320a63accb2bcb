import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { contentRoutes } from './routes.ts';
import { seedContent } from './seed.ts';
import { ContentService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    content: ContentService;
  }
}

/** Content documents by key: Markdown per language, rendered and sanitised by the server (docs/content.md). */
export const contentModule = defineModule({
  name: 'content',
  migrations: migrationsOf('modules/content'),
  needs: [],
  provides: ['content'],
  build: (ctx) => ({ content: new ContentService(ctx.db) }),
  routes: contentRoutes,
  seedDemo: (_ctx, services) => seedContent(services.content),
});
