/**
 * Editing the public site (issue 10, ADR 0027): an administrator writes a post in both languages
 * on the "Site content" screen, previews its Markdown, publishes it and sees it live on /blog at
 * once (JavaScript on); a second tab saving the same post is told it changed (409). A specialist on
 * a 390 px phone, in Spanish, sees only their own profile and posts. Axe clean; screenshots in
 * test-results/site-editor/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';

const SHOTS = 'test-results/site-editor';
const unique = () => Math.random().toString(36).slice(2, 8);

/** A field by its label, with or without the required mark ("(required)", "(obligatorio)"). */
const field = (scope: Locator, label: string) => {
  const name = new RegExp(
    `^${label.replace(/[()]/g, '\\$&')}(?: \\((?:required|obligatorio)\\))?$`,
  );
  return scope.getByRole('textbox', { name }).or(scope.getByRole('combobox', { name }));
};

async function axeClean(page: Page) {
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

test('an administrator writes, previews and publishes a post; it is live on /blog at once', async ({
  browser,
}) => {
  test.slow(); // an editor, a preview, the public blog and four axe runs
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const slug = `e2e-${unique()}`;
  const titleEs = `Moverse con dolor lumbar ${slug}`;
  const titleEn = `Moving with low back pain ${slug}`;

  // reached from the sidebar
  await page.goto('/dashboard');
  const nav = page.locator('#app-sidebar');
  await nav.getByRole('link', { name: 'Site content' }).click();
  await expect(page).toHaveURL(/\/site-content$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Blog posts' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Testimonials' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/posts-desktop-en.png`, fullPage: true });
  await axeClean(page);

  await page.getByRole('button', { name: 'New post' }).click();
  const editor = page.getByRole('form', { name: 'New post' });
  await field(editor, 'Address (slug)').fill(slug);
  await field(editor, 'Author').selectOption('javier-morales');
  await field(editor, 'Tags').fill('movimiento, espalda');
  await field(editor, 'Title').fill(titleEs);
  await field(editor, 'Summary').fill('Tres ideas para volver a moverse.');
  await field(editor, 'Text').fill(
    '## Empezar poco a poco\n\nCaminar **diez minutos** al día.\n\n<script>alert(1)</script>',
  );
  await field(editor, 'Title in English').fill(titleEn);
  await field(editor, 'Summary in English').fill('Three ideas to start moving again.');
  await field(editor, 'Text in English').fill('## Start small\n\nWalk **ten minutes** a day.');

  // the preview is what the public page will show: sanitised
  await editor.getByRole('button', { name: 'Preview: Text', exact: true }).click();
  const preview = editor.getByRole('region', { name: 'Preview of Text', exact: true });
  await expect(
    preview.getByRole('heading', { level: 2, name: 'Empezar poco a poco' }),
  ).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('diez minutos');
  expect(await preview.locator('script').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/editor-desktop-en.png`, fullPage: true });
  await axeClean(page);

  // a bad address is refused with a clear message, nothing saved
  await field(editor, 'Address (slug)').fill('Con Espacios');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByText('Use lower-case letters, digits and single hyphens')).toBeVisible();
  await field(editor, 'Address (slug)').fill(slug);

  await editor.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Saved. The public site shows it now.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: titleEs });
  await expect(row.getByText('On the site', { exact: true })).toBeVisible();

  // live on the public blog at once, in both languages
  const blog = await context.newPage();
  await blog.goto('/blog?lang=es');
  await expect(blog.getByRole('link', { name: titleEs })).toBeVisible();
  await blog.getByRole('link', { name: titleEs }).click();
  await expect(blog.getByRole('heading', { level: 1, name: titleEs })).toBeVisible();
  await expect(blog.locator('article strong')).toHaveText('diez minutos');
  expect(await blog.locator('article script').count()).toBe(0);
  await blog.goto(`/blog/${slug}?lang=en`);
  await expect(blog.getByRole('heading', { level: 1, name: titleEn })).toBeVisible();
  await blog.screenshot({ path: `${SHOTS}/post-live-en.png`, fullPage: true });

  // two tabs: the second save of the same version is told the post changed
  const other = await context.newPage();
  await other.goto('/site-content');
  await other.getByRole('button', { name: `Edit: ${titleEs}` }).click();
  await row.getByRole('button', { name: `Edit: ${titleEs}` }).click();
  const first = page.getByRole('form', { name: `Edit: ${titleEs}` });
  await field(first, 'Summary').fill('Primera pestaña.');
  // wait for this save's answer (the toast of the earlier save may still be on screen)
  const firstSaved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/site-editor/posts/'),
  );
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await firstSaved).status()).toBe(200);
  const second = other.getByRole('form', { name: `Edit: ${titleEs}` });
  await field(second, 'Summary').fill('Segunda pestaña.');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.getByText('Someone else saved this since you opened it.')).toBeVisible();
  await axeClean(other);

  // unpublished: gone from the blog at once
  await page.getByRole('button', { name: `Unpublish: ${titleEs}` }).click();
  await expect(page.getByText('Unpublished: it is no longer on the site.')).toBeVisible();
  const gone = await blog.goto(`/blog/${slug}`);
  expect(gone?.status()).toBe(404);
  await context.close();
});

test('phone (390 px), Spanish: a specialist sees only their own profile and posts', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await context.addInitScript(() => window.localStorage.setItem('i18nextLng', 'es'));
  const page = await context.newPage();
  await page.goto('/site-content');
  await expect(page.getByRole('heading', { level: 1, name: 'Contenido del sitio' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Artículos del blog', 'Mi perfil']);
  await expect(page.getByRole('listitem').first()).toContainText('Sofía Herrera');
  await page.screenshot({ path: `${SHOTS}/posts-phone-es.png`, fullPage: true });
  await axeClean(page);
  await page.getByRole('tab', { name: 'Mi perfil' }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Dra. Sofía Herrera Lozano']);
  await page.getByRole('button', { name: 'Editar: Dra. Sofía Herrera Lozano' }).click();
  await expect(field(page.locator('main'), 'Biografía')).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/profile-phone-es.png`, fullPage: true });
  await axeClean(page);
  await context.close();
});

test('administrator, pages tab: both languages side by side; testimonials list their consent', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/site-content');
  await page.getByRole('tab', { name: 'Testimonials' }).click();
  await expect(page.getByText('Consent records').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/testimonials-desktop-en.png`, fullPage: true });
  await axeClean(page);
  await page.getByRole('tab', { name: 'Service pages' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'English' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pages-desktop-en.png`, fullPage: true });
  await axeClean(page);
  await context.close();
});

test('a specialist uploads a photo of their profile: the public pages show it at once, in WebP and JPEG, with its description', async ({
  browser,
}) => {
  test.slow(); // an upload resized three times, two public pages, two axe runs
  const sharp = (await import('sharp')).default;
  // a camera-sized picture (a plain colour with a lighter square), so the server's crop and resize run
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#2a6f68' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 600, height: 600, channels: 3, background: '#e9c46a' },
        })
          .png()
          .toBuffer(),
        left: 500,
        top: 300,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const context = await browser.newContext({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/site-content');
  await page.getByRole('tab', { name: 'My profile' }).click();
  await page.getByRole('button', { name: /^Edit: Dra\. Sofía Herrera/ }).click();
  const fieldset = page.getByRole('group', { name: 'Photo' });
  await expect(fieldset).toBeVisible();

  // without a file or a description: told so, nothing sent
  await fieldset.getByRole('button', { name: 'Upload photo' }).click();
  await expect(fieldset.getByText('Choose an image file.')).toBeVisible();

  await fieldset.getByLabel(/^(New photo file|Photo file)/).setInputFiles({
    name: 'retrato.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await field(fieldset, 'Description of the photo (Spanish)').fill(
    'La Dra. Herrera en su consulta',
  );
  await field(fieldset, 'Description of the photo (English)').fill('Dr Herrera in her office');
  await fieldset.getByRole('button', { name: 'Upload photo' }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Photo saved. The public pages show it now.' }),
  ).toBeVisible();
  await expect(fieldset.getByRole('img', { name: 'La Dra. Herrera en su consulta' })).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: `${SHOTS}/photo-uploaded-en.png`, fullPage: true });

  // the public profile, without JavaScript's help: <picture> with WebP and JPEG variants
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pub = await visitor.newPage();
  await pub.goto('/especialistas/sofia-herrera');
  // the visitor reads English (other pictures, posts' covers, may be on the page too)
  const img = pub.getByRole('img', { name: 'Dr Herrera in her office' });
  await expect(img).toBeVisible();
  const avatar = pub.locator('picture', { has: img });
  await expect(avatar.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    // a 1200 px square: 320 and 640 px variants; never one made larger than the upload
    /^\/api\/site\/images\/[0-9a-f]{32}\.webp 320w, \/api\/site\/images\/[0-9a-f]{32}\.webp 640w$/,
  );
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const src = (await img.getAttribute('src'))!;
  const served = await pub.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['cache-control']).toContain('immutable');
  // the camera's data is gone and the picture is square
  const meta = await sharp(await served.body()).metadata();
  expect(meta.width).toBe(meta.height);
  expect(meta.exif).toBeUndefined();
  await axeClean(pub);
  await pub.screenshot({ path: `${SHOTS}/photo-public-phone.png`, fullPage: true });

  // removed again: the public page shows the initials
  await fieldset.getByRole('button', { name: 'Remove photo' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Photo removed.' }),
  ).toBeVisible();
  await pub.reload();
  await expect(pub.getByRole('img', { name: 'Dr Herrera in her office' })).toHaveCount(0);
  await expect(pub.getByText('SH', { exact: true }).first()).toBeVisible();
  await visitor.close();
  await context.close();
});
