import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor';
import type { AppEnv, Deps } from '../../http/types';
import * as routes from './editor.routes';
import * as service from './editor.service';

export function registerSiteEditor(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(routes.editorListPostsRoute, async (c) =>
    c.json({ items: await service.listPosts(deps, actorOf(c)) }, 200),
  );
  app.openapi(routes.editorCreatePostRoute, async (c) =>
    c.json(await service.createPost(deps, actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.editorUpdatePostRoute, async (c) =>
    c.json(
      await service.updatePost(deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(routes.editorDeletePostRoute, async (c) => {
    await service.deletePost(deps, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(routes.editorListSpecialistsRoute, async (c) =>
    c.json({ items: await service.listSpecialists(deps, actorOf(c)) }, 200),
  );
  app.openapi(routes.editorCreateSpecialistRoute, async (c) =>
    c.json(await service.createSpecialist(deps, actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.editorUpdateSpecialistRoute, async (c) =>
    c.json(
      await service.updateSpecialist(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  app.openapi(routes.editorUploadSpecialistPhotoRoute, async (c) =>
    c.json(
      await service.uploadSpecialistPhoto(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        new Uint8Array(await c.req.arrayBuffer()),
        c.req.valid('query'),
      ),
      200,
    ),
  );
  app.openapi(routes.editorRemoveSpecialistPhotoRoute, async (c) =>
    c.json(await service.removeSpecialistPhoto(deps, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.editorUploadPostCoverRoute, async (c) =>
    c.json(
      await service.uploadPostCover(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        new Uint8Array(await c.req.arrayBuffer()),
        c.req.valid('query'),
      ),
      200,
    ),
  );
  app.openapi(routes.editorRemovePostCoverRoute, async (c) =>
    c.json(await service.removePostCover(deps, actorOf(c), c.req.valid('param').id), 200),
  );
  app.openapi(routes.editorUploadPostImageRoute, async (c) =>
    c.json(
      await service.uploadPostImage(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        new Uint8Array(await c.req.arrayBuffer()),
        c.req.valid('query'),
      ),
      201,
    ),
  );

  app.openapi(routes.editorListTestimonialsRoute, async (c) =>
    c.json({ items: await service.listTestimonials(deps, actorOf(c)) }, 200),
  );
  app.openapi(routes.editorCreateTestimonialRoute, async (c) =>
    c.json(await service.createTestimonial(deps, actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(routes.editorUpdateTestimonialRoute, async (c) =>
    c.json(
      await service.updateTestimonial(
        deps,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  app.openapi(routes.editorDeleteTestimonialRoute, async (c) => {
    await service.deleteTestimonial(deps, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(routes.editorConsentRoute, async (c) =>
    c.json(
      await service.recordConsent(deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  );
  app.openapi(routes.editorWithdrawConsentRoute, async (c) =>
    c.json(await service.withdrawConsent(deps, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(routes.editorListPagesRoute, async (c) =>
    c.json({ items: await service.listPageTexts(deps, actorOf(c)) }, 200),
  );
  app.openapi(routes.editorSavePageRoute, async (c) => {
    const { page, lang } = c.req.valid('param');
    return c.json(
      await service.savePageText(deps, actorOf(c), page, lang, c.req.valid('json')),
      200,
    );
  });
  app.openapi(routes.editorPreviewRoute, async (c) =>
    c.json(await service.preview(deps, c.req.valid('json')), 200),
  );
}
