/**
 * Post images in the site editor (issue 10, ADR 0036): an administrator saves a post, uploads a
 * cover and an image for its text (with alt text in both languages), and the public post shows both
 * at their size — the cover as a <picture> loaded first, the text's image with its Markdown line
 * added to both texts. A file that is not an image is refused with a translated message. Axe clean;
 * screenshots in test-results/site-editor/.
 */
import sharp from 'sharp';
import { expect, test, type Locator } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { seriousViolations } from './support/axe';

const SHOTS = 'test-results/site-editor';
const unique = () => Math.random().toString(36).slice(2, 8);

const field = (scope: Locator, label: string) =>
  scope.getByRole('textbox', {
    name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}(?: \\((?:required|obligatorio)\\))?$`),
  });

/** A landscape picture: a gradient with a sun, so the screenshots show a real image. */
const landscape = (hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
        <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue + 30},50%,45%)"/>
        </linearGradient></defs>
        <rect width="1600" height="900" fill="url(#g)"/>
        <circle cx="1200" cy="260" r="120" fill="#fde68a"/>
        <path d="M0 700 Q400 520 800 680 T1600 640 V900 H0Z" fill="hsl(${hue + 60},35%,35%)"/>
      </svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

test('an administrator adds a cover and an image in the text; the public post shows both at their size', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    storageState: storageStateFor('admin'),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const slug = `e2e-imagenes-${unique()}`;
  const titleEs = `Caminar al aire libre ${slug}`;

  await page.goto('/site-content');
  await page.getByRole('button', { name: 'New post' }).click();
  const created = page.getByRole('form', { name: 'New post' });
  // images need a saved post
  await expect(created.getByText('Save the post once to add images to its text.')).toBeVisible();
  await field(created, 'Address (slug)').fill(slug);
  // not the author whose profile photo site-editor.spec changes
  await created.getByRole('combobox', { name: /^Author/ }).selectOption('javier-morales');
  await field(created, 'Title').fill(titleEs);
  await field(created, 'Summary').fill('Salir a caminar también es tratamiento.');
  await field(created, 'Text').fill('## Por qué fuera\n\nLa luz y el paisaje ayudan.');
  await field(created, 'Title in English').fill(`Walking outdoors ${slug}`);
  await field(created, 'Summary in English').fill('Going for a walk is treatment too.');
  await field(created, 'Text in English').fill('## Why outside\n\nLight and landscape help.');
  await created.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Saved. The public site shows it now.')).toBeVisible();

  await page.getByRole('button', { name: `Edit: ${titleEs}` }).click();
  const editor = page.getByRole('form', { name: `Edit: ${titleEs}` });
  const cover = editor.getByRole('group', { name: 'Cover image' });
  await expect(cover.getByText('No cover: the post is shown with its title only.')).toBeVisible();

  // not an image: refused, translated, nothing stored
  await cover.getByLabel('Cover image file').setInputFiles({
    name: 'notas.png',
    mimeType: 'image/png',
    buffer: Buffer.from('esto no es una imagen'),
  });
  await field(cover, 'Description of the image (Spanish)').fill('Un sendero entre colinas');
  await field(cover, 'Description of the image (English)').fill('A path between hills');
  await cover.getByRole('button', { name: 'Upload cover' }).click();
  await expect(
    cover.getByText('This is not a JPEG, PNG or WebP image, or it is damaged.'),
  ).toBeVisible();

  await cover.getByLabel('Cover image file').setInputFiles({
    name: 'portada.jpg',
    mimeType: 'image/jpeg',
    buffer: await landscape(200),
  });
  await cover.getByRole('button', { name: 'Upload cover' }).click();
  await expect(page.getByText('Cover saved. The public pages show it now.')).toBeVisible();
  await expect(cover.getByRole('img', { name: 'Un sendero entre colinas' })).toBeVisible();

  const inline = editor.getByRole('group', { name: 'Image inside the text' });
  await inline.getByLabel('Image file').setInputFiles({
    name: 'parque.jpg',
    mimeType: 'image/jpeg',
    buffer: await landscape(90),
  });
  await field(inline, 'Description of the image (Spanish)').fill(
    'Dos personas paseando por un parque',
  );
  await field(inline, 'Description of the image (English)').fill('Two people walking in a park');
  await inline.getByRole('button', { name: 'Upload and add to the text' }).click();
  await expect(
    page.getByText('Image added at the end of the text.', { exact: false }),
  ).toBeVisible();
  await expect(field(editor, 'Text')).toHaveValue(
    /!\[Dos personas paseando por un parque\]\(\/api\/site\/images\/[0-9a-f]{32}\.jpg\)\n$/,
  );
  await expect(field(editor, 'Text in English')).toHaveValue(
    /!\[Two people walking in a park\]\(\/api\/site\/images\/[0-9a-f]{32}\.jpg\)\n$/,
  );
  await page.screenshot({ path: `${SHOTS}/post-images-editor-en.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: `Edit: ${titleEs}` })).toBeVisible();

  // the public post on a phone
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const post = await visitor.newPage();
  await post.goto(`/blog/${slug}?lang=es`);
  const article = post.locator('article');
  const coverImg = article.locator('picture img');
  await expect(coverImg).toHaveAttribute('alt', 'Un sendero entre colinas');
  await expect(coverImg).toHaveAttribute('fetchpriority', 'high');
  await expect(article.locator('picture source[type="image/webp"]')).toHaveCount(1);
  const textImg = article.getByRole('img', { name: 'Dos personas paseando por un parque' });
  await expect(textImg).toHaveAttribute('width', '1280');
  await expect(textImg).toHaveAttribute('height', '720');
  await expect(textImg).toHaveAttribute('srcset', /\.webp 320w, .*\.webp 1280w$/);
  // both images were decoded by the browser (the text's once scrolled to: it loads lazily)
  await textImg.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      post.evaluate(() =>
        [...document.querySelectorAll('article img')].map(
          (i) => (i as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toEqual([true, true]);
  await post.screenshot({ path: `${SHOTS}/post-images-phone-es.png`, fullPage: true });
  expect(await seriousViolations(post)).toEqual([]);
  await post.goto(`/blog/${slug}?lang=en`);
  await expect(post.locator('article picture img')).toHaveAttribute('alt', 'A path between hills');
  await expect(post.getByRole('img', { name: 'Two people walking in a park' })).toBeVisible();
  await visitor.close();
  await context.close();
});
