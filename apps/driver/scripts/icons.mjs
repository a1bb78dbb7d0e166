// `npm run icons -w apps/driver`: draws the home-screen icons (public/icons/*.png) from public/icon.svg.
// Run again after changing the SVG and commit the PNGs; the build copies them as they are.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = fs.readFileSync(path.join(root, 'public/icon.svg'));
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

const icon = (size, file) =>
  sharp(svg, { density: 300 }).resize(size, size).png().toFile(path.join(out, file));
await icon(192, 'icon-192.png');
await icon(512, 'icon-512.png');
// iOS rounds the corners itself: a full square icon, and a maskable one with its safe zone (80 %).
const square = (size, inner, file) =>
  sharp(svg, { density: 300 })
    .resize(inner, inner)
    .extend({
      top: (size - inner) / 2,
      bottom: (size - inner) / 2,
      left: (size - inner) / 2,
      right: (size - inner) / 2,
      background: '#1e5aa8',
    })
    .flatten({ background: '#1e5aa8' })
    .png()
    .toFile(path.join(out, file));
await square(180, 180, 'apple-touch-icon.png');
await square(512, 410, 'maskable-512.png');
console.log(`icons written to ${out}`);
