/**
 * Covers for the demo posts (`npm start`): calm, flat illustrations drawn as SVG here and put
 * through the same upload pipeline as an editor's image (images.ts: decoded, resized to
 * 320/640/1280 px, WebP and JPEG), with alt texts in both languages. Illustrations, not photographs:
 * the demo has no photos of real people or places, and inventing them would mislead.
 */
import sharp from 'sharp';
import { and, eq, isNull } from 'drizzle-orm';
import { sitePost } from '../../db/schema';
import type { Deps } from '../../http/types';
import { processImage } from './images';
import { insertImage, setPostCover } from './images.repository';

const W = 1600;
const H = 900;

const frame = (top: string, bottom: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>${body}</svg>`;

interface DemoCover {
  slug: string;
  altEs: string;
  altEn: string;
  svg: string;
}

/** One illustration per published demo post (the draft has none). */
export const DEMO_COVERS: DemoCover[] = [
  {
    slug: 'que-es-el-dolor-cronico',
    altEs: 'Ilustración de una red de nervios luminosos sobre fondo azul',
    altEn: 'Illustration of a network of glowing nerves on a blue background',
    svg: frame(
      '#dbeafe',
      '#93c5fd',
      `<g fill="none" stroke="#1e40af" stroke-width="10" stroke-linecap="round" opacity="0.85">
        <path d="M200 700 C420 560 520 620 700 450 S1000 300 1180 380 1420 260 1480 200"/>
        <path d="M700 450 C760 600 900 680 1060 720"/>
        <path d="M1000 330 C980 220 900 160 820 120"/>
        <path d="M420 600 C380 480 300 420 220 380"/>
      </g>
      <g fill="#f59e0b">
        <circle cx="700" cy="450" r="34"/><circle cx="1000" cy="330" r="26"/>
        <circle cx="420" cy="600" r="22"/><circle cx="1180" cy="380" r="20"/>
      </g>`,
    ),
  },
  {
    slug: 'estres-y-dolor-un-circulo',
    altEs: 'Ilustración de ondas que se calman en un mar al atardecer',
    altEn: 'Illustration of waves settling on a sea at sunset',
    svg: frame(
      '#fde68a',
      '#fb923c',
      `<circle cx="800" cy="470" r="170" fill="#fef3c7"/>
      <path d="M0 560 Q200 500 400 560 T800 560 T1200 560 T1600 560 V900 H0Z" fill="#0e7490"/>
      <path d="M0 660 Q200 620 400 660 T800 660 T1200 660 T1600 660 V900 H0Z" fill="#155e75"/>
      <path d="M0 770 Q200 750 400 770 T800 770 T1200 770 T1600 770 V900 H0Z" fill="#164e63"/>`,
    ),
  },
  {
    slug: 'ejercicio-cuando-duele',
    altEs: 'Ilustración de un sendero que sube suavemente entre colinas verdes',
    altEn: 'Illustration of a path climbing gently between green hills',
    svg: frame(
      '#e0f2fe',
      '#bae6fd',
      `<circle cx="1250" cy="220" r="90" fill="#fde047"/>
      <path d="M0 620 Q400 420 800 560 T1600 480 V900 H0Z" fill="#86efac"/>
      <path d="M0 760 Q500 560 1000 700 T1600 640 V900 H0Z" fill="#22c55e"/>
      <path d="M760 900 C820 780 900 720 1010 660 S1180 590 1240 560" fill="none"
        stroke="#fef9c3" stroke-width="34" stroke-linecap="round"/>`,
    ),
  },
  {
    slug: 'dormir-mejor-con-dolor',
    altEs: 'Ilustración de una luna creciente y estrellas sobre un cielo nocturno',
    altEn: 'Illustration of a crescent moon and stars in a night sky',
    svg: frame(
      '#1e1b4b',
      '#3730a3',
      `<circle cx="1060" cy="330" r="150" fill="#fef3c7"/>
      <circle cx="1120" cy="290" r="140" fill="#27246b"/>
      <g fill="#e0e7ff">
        <circle cx="300" cy="180" r="6"/><circle cx="520" cy="300" r="4"/><circle cx="700" cy="140" r="5"/>
        <circle cx="420" cy="520" r="4"/><circle cx="1400" cy="560" r="5"/><circle cx="1320" cy="160" r="4"/>
      </g>
      <path d="M0 760 Q400 680 800 740 T1600 720 V900 H0Z" fill="#312e81"/>`,
    ),
  },
  {
    slug: 'revisar-la-medicacion',
    altEs: 'Ilustración de un pastillero semanal ordenado sobre una mesa clara',
    altEn: 'Illustration of a tidy weekly pill organiser on a light table',
    svg: frame(
      '#f1f5f9',
      '#e2e8f0',
      `<rect x="260" y="360" width="1080" height="260" rx="40" fill="#0f766e"/>
      ${Array.from(
        { length: 7 },
        (_, i) =>
          `<rect x="${300 + i * 148}" y="400" width="120" height="180" rx="24" fill="#ccfbf1"/>
          <circle cx="${360 + i * 148}" cy="${470 + (i % 2) * 40}" r="${i % 3 === 0 ? 0 : 22}" fill="#f97316"/>`,
      ).join('')}`,
    ),
  },
  {
    slug: 'rodilla-artrosis-mitos',
    altEs: 'Ilustración de una bicicleta estática junto a una ventana soleada',
    altEn: 'Illustration of an exercise bike beside a sunny window',
    svg: frame(
      '#fff7ed',
      '#fed7aa',
      `<rect x="980" y="140" width="420" height="460" rx="16" fill="#bae6fd" stroke="#ffffff" stroke-width="18"/>
      <line x1="1190" y1="140" x2="1190" y2="600" stroke="#ffffff" stroke-width="14"/>
      <rect x="0" y="720" width="${W}" height="180" fill="#fdba74"/>
      <g fill="none" stroke="#334155" stroke-width="22" stroke-linecap="round">
        <circle cx="520" cy="640" r="90"/>
        <path d="M380 720 L700 720 M520 640 L600 420 M600 420 L700 420 M560 520 L430 450"/>
      </g>`,
    ),
  },
  {
    slug: 'comunidad-cero-dolor-primer-ano',
    altEs: 'Ilustración de círculos de colores unidos, como personas en corro',
    altEn: 'Illustration of joined coloured circles, like people in a circle',
    svg: frame(
      '#ecfdf5',
      '#a7f3d0',
      `${Array.from({ length: 8 }, (_, i) => {
        const a = (i / 8) * Math.PI * 2;
        const colours = ['#0f766e', '#f59e0b', '#6366f1', '#ef4444'];
        return `<circle cx="${800 + Math.cos(a) * 260}" cy="${450 + Math.sin(a) * 260}" r="70" fill="${colours[i % 4]}" opacity="0.9"/>`;
      }).join('')}
      <circle cx="800" cy="450" r="150" fill="none" stroke="#065f46" stroke-width="12"/>`,
    ),
  },
];

/**
 * Gives each demo post without a cover its illustration (idempotent: a post that has a cover, or
 * is not found, is left alone). Returns how many covers were made.
 */
export async function seedDemoCovers(deps: Deps): Promise<number> {
  const db = deps.database.db;
  let made = 0;
  for (const cover of DEMO_COVERS) {
    const [post] = await db
      .select({ id: sitePost.id })
      .from(sitePost)
      .where(and(eq(sitePost.slug, cover.slug), isNull(sitePost.coverImageId)));
    if (!post) continue;
    const png = await sharp(Buffer.from(cover.svg)).png().toBuffer();
    const image = await processImage(png, { square: false });
    await db.transaction(async (tx) => {
      const imageId = await insertImage(tx, image, {
        altEs: cover.altEs,
        altEn: cover.altEn,
        uploadedBy: null,
        postId: post.id,
      });
      await setPostCover(tx, post.id, imageId);
    });
    made += 1;
  }
  deps.pageCache?.clear();
  return made;
}
